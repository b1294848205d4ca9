import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { Route } from './+types/contact';
import { AppActorsGate, useAppActors } from '../app/app-actors';
import { ContactForm } from '../components/contact/contact-form';
import { CONTACT_MESSAGES } from '../components/contact/contact-messages';
import { ContentPage } from '../components/content/content-page';
import { ClockIcon, MailIcon, ReturnIcon } from '../components/icons/icons';
import { LocaleLink } from '../components/locale-link/locale-link';
import { useLocale } from '../hooks/use-locale';
import { routeMeta } from '../seo/route-meta';
import type { ContactField, ContactFormInput } from '../../machines/schemas/contact.schema';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Contact us`,
    description: msg`Questions about an order, a product or a return? Send Elegance Store a message and our customer care team will reply by email.`,
  });

/** What was typed (and whether "send" was pressed) before the machine had loaded. */
interface EarlyInput {
  values: ContactFormInput;
  submitted: boolean;
}

const EMPTY: ContactFormInput = { name: '', emailAddress: '', phone: { value: '', valid: true }, subject: '', message: '' };

/**
 * The contact machine loads with the app's actors, just after the page: until then the same form
 * keeps what is typed, and the machine gets it (and a pending submit) as soon as it is there.
 */
function ContactFormContainer() {
  const locale = useLocale();
  const [early, setEarly] = useState<EarlyInput>({ values: EMPTY, submitted: false });
  const noop = () => {};
  return (
    <AppActorsGate
      fallback={
        <ContactForm
          locale={locale}
          values={early.values}
          errors={{}}
          status={early.submitted ? 'submitting' : 'editing'}
          failureText={null}
          invalidSubmits={0}
          onChange={(field, value) => setEarly((e) => ({ ...e, values: { ...e.values, [field]: value } }))}
          onPhoneChange={(p) =>
            setEarly((e) => ({
              ...e,
              values: { ...e.values, phone: { value: p.valid && p.e164 ? p.e164 : p.text, valid: p.valid || p.text.trim() === '' } },
            }))
          }
          onSubmit={() => setEarly((e) => ({ ...e, submitted: true }))}
          onRetry={noop}
          onReset={() => setEarly({ values: EMPTY, submitted: false })}
        />
      }
    >
      <ContactFormWithMachine early={early} />
    </AppActorsGate>
  );
}

/** The contact machine (wired in the composition root) drives the form view. */
function ContactFormWithMachine({ early }: { early: EarlyInput }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const { machines } = useAppActors();
  const [state, send] = useMachine(machines.contact);
  const handedOver = useRef(false);
  useEffect(() => {
    if (handedOver.current) return;
    handedOver.current = true;
    const { values, submitted } = early;
    for (const field of ['name', 'emailAddress', 'subject', 'message'] as const) {
      if (values[field]) send({ type: 'contact.change', field, value: values[field] });
    }
    if (values.phone.value) send({ type: 'contact.changePhone', value: values.phone.value, valid: values.phone.valid });
    if (submitted) send({ type: 'contact.submit' });
  }, [early, send]);
  const invalidSubmits = useRef(0);
  const lastErrors = useRef(state.context.errors);
  if (state.context.errors !== lastErrors.current) {
    lastErrors.current = state.context.errors;
    if (Object.keys(state.context.errors).length > 0) invalidSubmits.current += 1;
  }

  const errors: Partial<Record<ContactField, string>> = {};
  for (const [field, id] of Object.entries(state.context.errors) as [ContactField, keyof typeof CONTACT_MESSAGES][]) {
    errors[field] = i18n._(CONTACT_MESSAGES[id]);
  }
  const server = state.context.serverFieldError;
  if (server?.field) errors[server.field] = server.message;

  const failure = state.context.failure;
  const failureText =
    failure?.kind === 'rateLimited'
      ? t`You have sent several messages in a short time. Please try again later.`
      : failure?.kind === 'network'
        ? t`Your message could not be sent. Check your connection and try again.`
        : server && !server.field
          ? server.message
          : null;

  const status = state.matches('sent')
    ? 'sent'
    : state.matches('submitting')
      ? 'submitting'
      : state.matches('failed')
        ? 'failed'
        : 'editing';

  return (
    <ContactForm
      locale={locale}
      values={state.context.values}
      errors={errors}
      status={status}
      failureText={failureText}
      invalidSubmits={invalidSubmits.current}
      onChange={(field, value) => send({ type: 'contact.change', field, value })}
      onPhoneChange={(p) =>
        send({ type: 'contact.changePhone', value: p.valid && p.e164 ? p.e164 : p.text, valid: p.valid || p.text.trim() === '' })
      }
      onSubmit={() => send({ type: 'contact.submit' })}
      onRetry={() => send({ type: 'contact.retry' })}
      onReset={() => send({ type: 'contact.reset' })}
    />
  );
}

export default function Contact() {
  const { t } = useLingui();
  return (
    <ContentPage
      title={<Trans>Contact us</Trans>}
      lead={<Trans>Questions about an order, a product or a return? Write to us and our customer care team will get back to you.</Trans>}
    >
      <div className="contact-layout">
        <ContactFormContainer />
        <aside className="contact-aside" aria-label={t`Before you write`}>
          <div className="contact-aside__item">
            <MailIcon />
            <div>
              <h2>
                <Trans>Replies by email</Trans>
              </h2>
              <p>
                <Trans>We answer every message by email, usually within two working days.</Trans>
              </p>
            </div>
          </div>
          <div className="contact-aside__item">
            <ClockIcon />
            <div>
              <h2>
                <Trans>About an order?</Trans>
              </h2>
              <p>
                <Trans>
                  Include your order number (you find it in your account under Orders) so we can help you faster.
                </Trans>
              </p>
            </div>
          </div>
          <div className="contact-aside__item">
            <ReturnIcon />
            <div>
              <h2>
                <Trans>Returns and exchanges</Trans>
              </h2>
              <p>
                <Trans>
                  Read our <LocaleLink to="/pages/exchange-and-return-policy?type=exchange">exchange and return
                  policy</LocaleLink> or the <LocaleLink to="/faqs">FAQs</LocaleLink> for quick answers.
                </Trans>
              </p>
            </div>
          </div>
        </aside>
      </div>
    </ContentPage>
  );
}
