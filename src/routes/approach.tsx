import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Route } from './+types/approach';
import { ContentPage, ContentSection } from '../components/content/content-page';
import { routeMeta } from '../seo/route-meta';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Our approach`,
    description: msg`How Elegance Store chooses its products, sets fair prices, packs your orders and looks after you after the purchase.`,
  });

export default function Approach() {
  return (
    <ContentPage
      title={<Trans>Our approach</Trans>}
      lead={<Trans>Fewer surprises, better choices: how we run the shop, from the first product we list to the last delivery.</Trans>}
    >
      <ol className="steps">
        <li className="steps__item">
          <ContentSection id="approach-choose" title={<Trans>We choose carefully</Trans>}>
            <p>
              <Trans>
                Each product is chosen for its quality, its usefulness and its value for money. We work with brand owners and authorised
                distributors, and we drop products that customers return often or rate poorly.
              </Trans>
            </p>
          </ContentSection>
        </li>
        <li className="steps__item">
          <ContentSection id="approach-prices" title={<Trans>We price honestly</Trans>}>
            <p>
              <Trans>
                Prices include VAT. A crossed-out price is the real price we sold the product at before the offer, and every offer shows its
                discount clearly. Delivery costs are shown before you pay.
              </Trans>
            </p>
          </ContentSection>
        </li>
        <li className="steps__item">
          <ContentSection id="approach-describe" title={<Trans>We describe products as they are</Trans>}>
            <p>
              <Trans>
                Photos, colours, sizes and stock levels come from the product itself. If a size or colour is sold out, you will see it
                before adding it to your cart.
              </Trans>
            </p>
          </ContentSection>
        </li>
        <li className="steps__item">
          <ContentSection id="approach-deliver" title={<Trans>We pack and deliver with care</Trans>}>
            <p>
              <Trans>
                Orders are checked before they leave our warehouse and packed to arrive in perfect condition. You can follow the state of
                your order from your account at any time.
              </Trans>
            </p>
          </ContentSection>
        </li>
        <li className="steps__item">
          <ContentSection id="approach-after" title={<Trans>We stay with you after the purchase</Trans>}>
            <p>
              <Trans>
                Warranty, exchanges and returns follow written policies that you can read before you buy. When something goes wrong, our
                customer care team takes it from there.
              </Trans>
            </p>
          </ContentSection>
        </li>
      </ol>
    </ContentPage>
  );
}
