import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Route } from './+types/about';
import { ContentPage, ContentSection, FeatureGrid } from '../components/content/content-page';
import { CardIcon, ReturnIcon, ShieldIcon, TruckIcon } from '../components/icons/icons';
import { LocaleLink } from '../components/locale-link/locale-link';
import { routeMeta } from '../seo/route-meta';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`About us`,
    description: msg`Elegance Store is a Saudi online shop for genuine products from trusted brands, with prices including VAT, delivery across the Kingdom and easy returns.`,
  });

export default function About() {
  return (
    <ContentPage
      title={<Trans>About Elegance Store</Trans>}
      lead={
        <Trans>
          A Saudi online shop built around one promise: genuine products, honest prices and service you can count on, in Arabic and in
          English.
        </Trans>
      }
    >
      <ContentSection id="about-who" title={<Trans>Who we are</Trans>}>
        <p>
          <Trans>
            Elegance Store brings together electronics, cameras, sports gear, shoes, furniture and plants from brands we know and trust. We
            started with a simple idea: shopping online in the Kingdom should feel as reliable as visiting your favourite shop, with clear
            prices, real stock and people who answer when you need them.
          </Trans>
        </p>
        <p>
          <Trans>
            Every product page shows the final price including 15% VAT, the stock that is actually available and the options you can choose.
            What you see is what you pay.
          </Trans>
        </p>
      </ContentSection>

      <ContentSection id="about-why" title={<Trans>Why shop with us</Trans>}>
        <FeatureGrid
          items={[
            {
              key: 'genuine',
              icon: <ShieldIcon />,
              title: <Trans>Genuine products</Trans>,
              text: <Trans>We buy from brands and their authorised distributors only.</Trans>,
            },
            {
              key: 'delivery',
              icon: <TruckIcon />,
              title: <Trans>Delivery across the Kingdom</Trans>,
              text: <Trans>Orders are packed with care and shipped to every region of Saudi Arabia.</Trans>,
            },
            {
              key: 'payment',
              icon: <CardIcon />,
              title: <Trans>Pay your way</Trans>,
              text: <Trans>mada, credit cards, Apple Pay, STC Pay, or installments with Tamara and Tabby.</Trans>,
            },
            {
              key: 'returns',
              icon: <ReturnIcon />,
              title: <Trans>Easy exchanges and returns</Trans>,
              text: <Trans>Changed your mind? Our exchange and return policy explains every step.</Trans>,
            },
          ]}
        />
      </ContentSection>

      <ContentSection id="about-next" title={<Trans>Learn more</Trans>}>
        <p>
          <Trans>
            Read about <LocaleLink to="/approach">how we choose our products</LocaleLink>, meet{' '}
            <LocaleLink to="/culture">the team and its values</LocaleLink>, or <LocaleLink to="/contact">get in touch</LocaleLink> — we are
            happy to help.
          </Trans>
        </p>
      </ContentSection>
    </ContentPage>
  );
}
