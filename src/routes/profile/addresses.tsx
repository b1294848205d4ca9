import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { Route } from './+types/addresses';
import type { AddressFailure, VerificationMessageId } from '../../../machines/addresses.machine';
import { getAddresses, type Address } from '../../../services/account.service';
import { ProfileFrame } from '../../containers/profile-frame';
import type { AddressesSnapshot } from './address-form';
import { useActorSelector } from '../../containers/use-actor-selector';
import { retryAfterText } from '../../components/retry-after';
import { usePageActor } from '../../containers/use-page-actor';
import { localeContext } from '../../i18n/locale-middleware.server';
import { useLocale } from '../../lib/use-locale';
import { routeMeta } from '../../seo/route-meta';
import { personalShopClient, privatePageHeaders, requireCustomer } from '../guards.server';

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`My addresses`, description: msg`Your delivery addresses at Elegance Store.`, noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  await requireCustomer(request, locale);
  return { addresses: await getAddresses(personalShopClient(request, locale)) };
}

// The form opens only with the machine (after the app's actors load): a chunk of its own, asked
// for as soon as the machine starts.
const loadAddressForm = () => import('./address-form');
const AddressForm = lazy(loadAddressForm);

/** /profile/addresses: the address book, with delivery details and verification by a mailed code. */
export default function AddressesPage({ loaderData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  // The list is in the page (the loader's); the machine comes with the app's actors once the page is
  // idle (decision 007), or at once when a button is pressed (the event waits in the queue).
  const { actor, send } = usePageActor('addresses', {
    input: { languageCode: locale },
    eager: false,
    onStart: () => void loadAddressForm(),
  });
  const snapshot = useActorSelector<AddressesSnapshot, AddressesSnapshot | null>(actor, (s) => s, null);
  const ctx = snapshot?.context;
  const loaded = snapshot && !snapshot.matches('loading') && !snapshot.matches('failed');
  const addresses: readonly Address[] = loaded && ctx ? ctx.addresses : loaderData.addresses;
  const inForm = snapshot?.matches('form') ?? false;
  const saving = snapshot ? snapshot.matches({ form: { entry: 'creating' } }) || snapshot.matches({ form: { entry: 'updating' } }) : false;
  const confirmingDelete = snapshot?.matches('confirmingDelete') ?? false;
  const verifying = snapshot?.matches('verification') ?? false;
  const confirmRef = useRef<HTMLButtonElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  // The page's language follows a language switch (city names come in it). The machine starts in
  // the page's language (its input), so the first render sends nothing (nor asks for the actors).
  const sentLocale = useRef(locale);
  useEffect(() => {
    if (sentLocale.current === locale) return;
    sentLocale.current = locale;
    send({ type: 'addresses.language', languageCode: locale });
  }, [locale, send]);
  useEffect(() => {
    if (confirmingDelete) confirmRef.current?.focus();
  }, [confirmingDelete]);
  const awaitingCode = snapshot?.matches({ verification: 'awaiting' }) ?? false;
  useEffect(() => {
    if (awaitingCode) codeRef.current?.focus();
  }, [awaitingCode]);

  const failureText = (failure: AddressFailure | null) => {
    switch (failure) {
      case 'address.load.failed':
        return t`Your addresses could not be loaded.`;
      case 'address.save.failed':
        return t`The address could not be saved. Check your connection and try again.`;
      case 'store.unavailable':
        return t`The store is briefly unavailable. Try again in a moment; nothing you entered is lost.`;
      case 'address.delete.failed':
        return t`The address could not be deleted. Please try again.`;
      case 'address.default.failed':
        return t`The default address could not be changed. Please try again.`;
      case 'address.verification.sendFailed':
        return t`The verification code could not be sent. Please try again.`;
      case 'address.verification.sendLimited':
        return t`Several codes were sent for this address recently. Please try again in 15 minutes.`;
      default:
        return null;
    }
  };
  const codeText = (id: VerificationMessageId | null, attemptsLeft: number | null, retryAfter: number | null) => {
    switch (id) {
      case 'address.code.format':
        return t`The code is 6 digits, for example 123456.`;
      case 'address.code.wrong':
        return t`This code is not correct. Attempts left: ${i18n.number(attemptsLeft ?? 0)}.`;
      case 'address.code.exhausted':
        return t`Too many wrong codes. Ask for a new code.`;
      case 'address.code.expired':
        return t`This code has expired. Ask for a new code.`;
      case 'address.code.rateLimited':
        return retryAfterText(i18n, retryAfter ?? 60);
      case 'address.code.failed':
        return t`The code could not be checked. Check your connection and try again.`;
      default:
        return null;
    }
  };

  const failure = failureText(ctx?.failure ?? null);
  const target = ctx?.targetId ? addresses.find((a) => a.id === ctx.targetId) : undefined;

  return (
    <ProfileFrame title={<Trans>My addresses</Trans>}>
      <div role="alert">{failure && <p className="notice notice--error">{failure}</p>}</div>
      {snapshot?.matches('failed') && (
        <button type="button" className="button button--secondary" onClick={() => send({ type: 'addresses.retry' })}>
          {t`Try again`}
        </button>
      )}

      {inForm && ctx ? (
        <Suspense fallback={null}>
          <AddressForm snapshot={snapshot!} saving={saving} send={send} locale={locale} />
        </Suspense>
      ) : (
        <>
          {confirmingDelete && target && (
            <section className="notice address-confirm" role="alertdialog" aria-labelledby="delete-title" aria-describedby="delete-text">
              <h2 id="delete-title">{t`Delete this address?`}</h2>
              <p id="delete-text">
                {target.fullName}, {target.streetLine1}, {target.city}
              </p>
              <div className="order-cancel__actions">
                <button
                  ref={confirmRef}
                  type="button"
                  className="button button--primary"
                  onClick={() => send({ type: 'address.confirmDelete' })}
                >
                  {t`Yes, delete it`}
                </button>
                <button type="button" className="button button--secondary" onClick={() => send({ type: 'address.cancel' })}>
                  {t`Keep it`}
                </button>
              </div>
            </section>
          )}

          {verifying && target && ctx && (
            <section className="profile-card address-verify" aria-labelledby="verify-title">
              <h2 id="verify-title">{t`Verify this address`}</h2>
              {snapshot!.matches({ verification: 'sending' }) ? (
                <p role="status">{t`Sending a code…`}</p>
              ) : (
                <form
                  className="profile-form"
                  noValidate
                  onSubmit={(e) => {
                    e.preventDefault();
                    send({ type: 'verification.submit' });
                  }}
                >
                  <p>{t`We have sent a 6-digit code to your email address. Enter it to confirm this delivery address.`}</p>
                  <div className="field">
                    <label className="field__label" htmlFor="verification-code">
                      {t`Verification code`}
                    </label>
                    <input
                      ref={codeRef}
                      id="verification-code"
                      className="field__input"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      dir="ltr"
                      maxLength={6}
                      value={ctx.verification.code}
                      aria-invalid={ctx.verification.error ? true : undefined}
                      aria-describedby={ctx.verification.error ? 'verification-code-error' : undefined}
                      onChange={(e) => send({ type: 'verification.change', code: e.target.value })}
                    />
                    <div role="alert">
                      {ctx.verification.error && (
                        <p id="verification-code-error" className="field__error">
                          {codeText(ctx.verification.error, ctx.verification.attemptsLeft, ctx.verification.retryAfterSeconds)}
                        </p>
                      )}
                    </div>
                  </div>
                  <div className="order-cancel__actions">
                    <button type="submit" className="button button--primary" disabled={!snapshot!.can({ type: 'verification.submit' })}>
                      {snapshot!.matches({ verification: { awaiting: { code: 'checking' } } }) ? t`Checking…` : t`Verify`}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={!snapshot!.can({ type: 'verification.resend' })}
                      onClick={() => send({ type: 'verification.resend' })}
                    >
                      {ctx.verification.resendIn > 0
                        ? t`Send a new code (${i18n.number(ctx.verification.resendIn)} s)`
                        : t`Send a new code`}
                    </button>
                    <button type="button" className="button button--ghost" onClick={() => send({ type: 'verification.cancel' })}>
                      {t`Cancel`}
                    </button>
                  </div>
                  <div role="status">
                    {ctx.verification.resendError && <p className="field__error">{failureText(ctx.verification.resendError)}</p>}
                  </div>
                </form>
              )}
            </section>
          )}

          <button
            type="button"
            className="button button--primary address-add"
            disabled={snapshot ? !snapshot.can({ type: 'address.create' }) : true}
            onClick={() => send({ type: 'address.create' })}
          >
            {t`Add an address`}
          </button>
          {addresses.length === 0 ? (
            <p className="profile-empty">{t`You have no saved addresses yet.`}</p>
          ) : (
            <ul className="address-list">
              {addresses.map((a) => {
                const name = [a.customFields?.firstName, a.customFields?.lastName].filter(Boolean).join(' ') || a.fullName;
                const busy = snapshot ? !snapshot.matches('list') : true;
                return (
                  <li key={a.id} className="address-card">
                    <h2 className="address-card__name">{name}</h2>
                    <p className="address-card__badges">
                      {a.defaultShippingAddress && <span className="order-state">{t`Default address`}</span>}
                      {a.customFields?.verifiedShippingAddress ? (
                        <span className="order-state order-state--delivered">{t`Verified`}</span>
                      ) : (
                        <span className="order-state">{t`Not verified`}</span>
                      )}
                      {a.customFields?.isGiftCart && <span className="order-state">{t`Gift`}</span>}
                    </p>
                    <address className="order-address">
                      <span>{a.streetLine1}</span>
                      {a.streetLine2 && <span>{a.streetLine2}</span>}
                      <span>
                        {(locale === 'ar' ? a.cityDetails?.LocationAr : a.cityDetails?.LocationEn) || a.city}
                        {a.postalCode && (
                          <>
                            {' '}
                            <bdi dir="ltr">{a.postalCode}</bdi>
                          </>
                        )}
                      </span>
                      {a.phoneNumber && (
                        <span>
                          <bdi dir="ltr">{a.phoneNumber}</bdi>
                        </span>
                      )}
                      {a.customFields?.receiverPhoneNumber && (
                        <span>
                          {t`Receiver:`} <bdi dir="ltr">{a.customFields.receiverPhoneNumber}</bdi>
                        </span>
                      )}
                      {a.customFields?.instructions && <span>{a.customFields.instructions}</span>}
                    </address>
                    <div className="address-card__actions">
                      <button
                        type="button"
                        className="button button--secondary"
                        disabled={busy}
                        aria-label={t`Edit the address of ${name}`}
                        onClick={() => send({ type: 'address.edit', id: a.id })}
                      >
                        {t`Edit`}
                      </button>
                      {!a.defaultShippingAddress && (
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={busy}
                          aria-label={t`Set as default: ${name}`}
                          onClick={() => send({ type: 'address.setDefault', id: a.id })}
                        >
                          {t`Set as default`}
                        </button>
                      )}
                      {!a.customFields?.verifiedShippingAddress && (
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={busy}
                          aria-label={t`Verify the address of ${name}`}
                          onClick={() => send({ type: 'address.verify', id: a.id })}
                        >
                          {t`Verify`}
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button--ghost"
                        disabled={busy}
                        aria-label={t`Delete the address of ${name}`}
                        onClick={() => send({ type: 'address.delete', id: a.id })}
                      >
                        {t`Delete`}
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </ProfileFrame>
  );
}
