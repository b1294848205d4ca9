import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { Route } from './+types/contact';
import { useActorSelector } from '../containers/use-actor-selector';
import { usePageActor } from '../containers/use-page-actor';
import type { ContactEvent } from '../../machines/contact.machine';
import { ContactForm } from '../components/contact/contact-form';
import { CONTACT_MESSAGES } from '../components/contact/contact-messages';
import { ContentPage } from '../components/content/content-page';
import { ClockIcon, MailIcon, ReturnIcon } from '../components/icons/icons';
import { LocaleLink } from '../components/locale-link/locale-link';
import { useLocale } from '../lib/use-locale';
import { routeMeta } from '../seo/route-meta';
import type { ContactField, ContactFormInput } from '../../machines/schemas/contact.schema';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Contact us`,
    description: msg`Questions about an order, a product or a return? Send Elegance Store a message and our customer care team will reply by email.`,
  });

const EMPTY: ContactFormInput = { name: '', emailAddress: '', phone: { value: '', valid: true }, subject: '', message: '' };

/**
 * Container: the contact machine (wired in the composition root) drives the form view. It comes
 * with the app's actors just after the page; until then the same form shows what is typed (the
 * events are queued and replayed into the machine), so nothing typed or submitted is lost.
 */
function ContactFormContainer() {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const { actor, send: sendToMachine } = usePageActor('contact');
  const state = useActorSelector(actor, (s) => s, null);
  const [early, setEarly] = useState<{ values: ContactFormInput; submitted: boolean }>({ values: EMPTY, submitted: false });
  const send = (event: ContactEvent) => {
    if (!actor) {
      setEarly((e) => {
        if (event.type === 'contact.change') return { ...e, values: { ...e.values, [event.field]: event.value } };
        if (event.type === 'contact.changePhone')
          return { ...e, values: { ...e.values, phone: { value: event.value, valid: event.valid } } };
        if (event.type === 'contact.submit') return { ...e, submitted: true };
        return e;
      });
    }
    sendToMachine(event);
  };
  const context = state?.context ?? { values: early.values, errors: {}, serverFieldError: null, failure: null };
  const invalidSubmits = useRef(0);
  const lastErrors = useRef(context.errors);
  if (context.errors !== lastErrors.current) {
    lastErrors.current = context.errors;
    if (Object.keys(context.errors).length > 0) invalidSubmits.current += 1;
  }

  const errors: Partial<Record<ContactField, string>> = {};
  for (const [field, id] of Object.entries(context.errors) as [ContactField, keyof typeof CONTACT_MESSAGES][]) {
    errors[field] = i18n._(CONTACT_MESSAGES[id]);
  }
  const server = context.serverFieldError;
  if (server?.field) errors[server.field] = server.message;

  const failure = context.failure;
  const failureText =
    failure?.kind === 'rateLimited'
      ? t`You have sent several messages in a short time. Please try again later.`
      : failure?.kind === 'network'
        ? failure.unavailable
          ? t`The store is briefly unavailable. Try again in a moment; nothing you entered is lost.`
          : t`Your message could not be sent. Check your connection and try again.`
        : server && !server.field
          ? server.message
          : null;

  const status = !state
    ? early.submitted
      ? 'submitting'
      : 'editing'
    : state.matches('sent')
      ? 'sent'
      : state.matches('submitting')
        ? 'submitting'
        : state.matches('failed')
          ? 'failed'
          : 'editing';

  return (
    <ContactForm
      locale={locale}
      values={context.values}
      errors={errors}
      status={status}
      failureText={failureText}
      canSubmit={state ? state.can({ type: 'contact.submit' }) || state.can({ type: 'contact.retry' }) : !early.submitted}
      invalidSubmits={invalidSubmits.current}
      onChange={(field, value) => send({ type: 'contact.change', field, value })}
      onPhoneChange={(p) =>
        send({ type: 'contact.changePhone', value: p.valid && p.e164 ? p.e164 : p.text, valid: p.valid || p.text.trim() === '' })
      }
      onSubmit={() => send({ type: 'contact.submit' })}
      onRetry={() => send({ type: 'contact.retry' })}
      onReset={() => {
        if (!actor) setEarly({ values: EMPTY, submitted: false });
        send({ type: 'contact.reset' });
      }}
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
                <Trans>Include your order number (you find it in your account under Orders) so we can help you faster.</Trans>
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
                  Read our <LocaleLink to="/pages/exchange-and-return-policy?type=exchange">exchange and return policy</LocaleLink> or the{' '}
                  <LocaleLink to="/faqs">FAQs</LocaleLink> for quick answers.
                </Trans>
              </p>
            </div>
          </div>
        </aside>
      </div>
    </ContentPage>
  );
}
