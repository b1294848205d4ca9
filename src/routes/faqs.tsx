import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Route } from './+types/faqs';
import { getFaqs } from '../../services/content.service';
import { ContentPage } from '../components/content/content-page';
import { ChevronDownIcon } from '../components/icons/icons';
import { LocaleLink } from '../components/locale-link/locale-link';
import { localeContext } from '../i18n/locale-middleware.server';
import { localizeDigits } from '../lib/digits';
import { plainText, sanitizeRichText } from '../lib/sanitize.server';
import { cachedRead } from '../lib/shop.server';
import { routeMeta } from '../seo/route-meta';

export async function loader({ context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  const faqs = await cachedRead(locale, 'GetFaqs', {}, async (client) =>
    (await getFaqs(client)).map((f) => {
      const html = sanitizeRichText(f.content, locale);
      return { id: String(f.id), question: localizeDigits(f.title, locale), html, answerText: plainText(html) };
    }),
  );
  return { faqs };
}

export const meta: Route.MetaFunction = (args) => {
  const faqs = args.loaderData?.faqs ?? [];
  const tags = routeMeta(args, {
    title: msg`Frequently asked questions`,
    description: msg`Answers about orders, delivery, payment, installments, exchanges and returns at Elegance Store.`,
  });
  if (faqs.length === 0) return tags;
  return [
    ...tags,
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: faqs.map((f) => ({
          '@type': 'Question',
          name: f.question,
          acceptedAnswer: { '@type': 'Answer', text: f.answerText },
        })),
      },
    },
  ];
};

export default function Faqs({ loaderData }: Route.ComponentProps) {
  const { faqs } = loaderData;
  return (
    <ContentPage
      title={<Trans>Frequently asked questions</Trans>}
      lead={<Trans>Quick answers to what our customers ask most. Can't find yours? We are one message away.</Trans>}
    >
      {faqs.length === 0 ? (
        <p className="empty-state">
          <Trans>There are no questions here yet.</Trans>
        </p>
      ) : (
        <ul className="faq-list">
          {faqs.map((faq) => (
            <li key={faq.id} className="faq-item">
              <details className="faq-item__details">
                <summary className="faq-item__toggle">
                  <h2 className="faq-item__question">{faq.question}</h2>
                  <ChevronDownIcon size={20} />
                </summary>
                <div className="faq-item__answer rich-text" dangerouslySetInnerHTML={{ __html: faq.html }} />
              </details>
            </li>
          ))}
        </ul>
      )}
      <p className="faq-more">
        <Trans>
          Still need help? <LocaleLink to="/contact">Contact us</LocaleLink> and we will get back to you.
        </Trans>
      </p>
    </ContentPage>
  );
}
