import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Route } from './+types/installment';
import { ContentPage, ContentSection } from '../components/content/content-page';
import { LocaleLink } from '../components/locale-link/locale-link';
import { routeMeta } from '../seo/route-meta';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Pay in installments with Tamara and Tabby`,
    description: msg`Split your Elegance Store order into smaller payments with Tamara or Tabby: how it works, who can use it and what to know before you choose it.`,
  });

export default function Installment() {
  return (
    <ContentPage
      title={<Trans>Pay in installments</Trans>}
      lead={
        <Trans>
          Buy what you need today and spread the cost: at checkout you can split your order into smaller payments with Tamara or Tabby, two
          Saudi-licensed buy-now-pay-later providers.
        </Trans>
      }
    >
      <div className="provider-cards">
        <section className="provider-card" aria-labelledby="provider-tamara">
          <img src="/payments/tamara.svg" width={96} height={54} alt="" />
          <h2 id="provider-tamara" className="provider-card__title">
            <Trans>Tamara</Trans>
          </h2>
          <p>
            <Trans>
              Split your order into equal monthly payments. The first payment is taken when you place the order and the rest follow every
              month, with reminders before each one.
            </Trans>
          </p>
        </section>
        <section className="provider-card" aria-labelledby="provider-tabby">
          <img src="/payments/tabby.svg" width={86} height={54} alt="" />
          <h2 id="provider-tabby" className="provider-card__title">
            <Trans>Tabby</Trans>
          </h2>
          <p>
            <Trans>
              Pay in four interest-free payments: a quarter today and the rest over the following weeks. You can follow and pay your
              installments in the Tabby app.
            </Trans>
          </p>
        </section>
      </div>

      <ContentSection id="installment-how" title={<Trans>How it works</Trans>}>
        <ol className="numbered-list">
          <li>
            <Trans>Add your products to the cart and go to checkout.</Trans>
          </li>
          <li>
            <Trans>Choose Tamara or Tabby as your payment method.</Trans>
          </li>
          <li>
            <Trans>
              You are taken to the provider's secure page. Sign in or register with your mobile number and follow their quick check.
            </Trans>
          </li>
          <li>
            <Trans>Once approved, you pay the first installment and we prepare your order right away.</Trans>
          </li>
        </ol>
      </ContentSection>

      <ContentSection id="installment-who" title={<Trans>Who can use it</Trans>}>
        <ul className="bullet-list">
          <li>
            <Trans>Customers in Saudi Arabia aged 18 or over, with a Saudi mobile number.</Trans>
          </li>
          <li>
            <Trans>A debit or credit card for the automatic installment payments.</Trans>
          </li>
          <li>
            <Trans>
              Approval and the available plans are decided by the provider for each order; the options you are offered appear at checkout.
            </Trans>
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="installment-know" title={<Trans>Good to know</Trans>}>
        <ul className="bullet-list">
          <li>
            <Trans>The total you pay in installments is the same as the order total shown at checkout.</Trans>
          </li>
          <li>
            <Trans>Late fees, if any, are set by the provider. Please read their terms before you confirm the payment.</Trans>
          </li>
          <li>
            <Trans>
              Returns and refunds follow our{' '}
              <LocaleLink to="/pages/exchange-and-return-policy?type=exchange">exchange and return policy</LocaleLink>; the provider adjusts
              your remaining installments when a refund is made.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            Still have a question? See our <LocaleLink to="/faqs">frequently asked questions</LocaleLink> or{' '}
            <LocaleLink to="/contact">contact us</LocaleLink>.
          </Trans>
        </p>
      </ContentSection>
    </ContentPage>
  );
}
