import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Route } from './+types/culture';
import { ContentPage, ContentSection, FeatureGrid } from '../components/content/content-page';
import { HeartIcon, SearchIcon, ShieldIcon, UserIcon } from '../components/icons/icons';
import { LocaleLink } from '../components/locale-link/locale-link';
import { routeMeta } from '../seo/route-meta';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Our culture`,
    description: msg`The values behind Elegance Store: hospitality, honesty, care for detail and respect for our customers, our partners and each other.`,
  });

export default function Culture() {
  return (
    <ContentPage
      title={<Trans>Our culture</Trans>}
      lead={
        <Trans>A small team with a clear idea of how customers should be treated — the way we would want our own families treated.</Trans>
      }
    >
      <ContentSection id="culture-values" title={<Trans>What we value</Trans>}>
        <FeatureGrid
          items={[
            {
              key: 'hospitality',
              icon: <HeartIcon />,
              title: <Trans>Hospitality</Trans>,
              text: <Trans>Every customer is a guest. We answer questions patiently, in Arabic or English.</Trans>,
            },
            {
              key: 'honesty',
              icon: <ShieldIcon />,
              title: <Trans>Honesty</Trans>,
              text: <Trans>Clear prices, real stock and plain-language policies. No hidden conditions.</Trans>,
            },
            {
              key: 'detail',
              icon: <SearchIcon />,
              title: <Trans>Care for detail</Trans>,
              text: <Trans>From product photos to packaging, small things make a good experience.</Trans>,
            },
            {
              key: 'respect',
              icon: <UserIcon />,
              title: <Trans>Respect</Trans>,
              text: <Trans>For our customers' time and privacy, for our partners, and for each other.</Trans>,
            },
          ]}
        />
      </ContentSection>
      <ContentSection id="culture-team" title={<Trans>How we work</Trans>}>
        <p>
          <Trans>
            Buyers, customer care, warehouse and technology work as one team. Customer feedback reaches the people who can act on it, and we
            measure ourselves by how many customers come back.
          </Trans>
        </p>
        <p>
          <Trans>
            We are proud to serve customers across Saudi Arabia and to grow with the Kingdom's digital economy, supporting local partners
            for delivery, payments and services wherever we can.
          </Trans>
        </p>
      </ContentSection>
      <ContentSection id="culture-join" title={<Trans>Talk to us</Trans>}>
        <p>
          <Trans>
            Have an idea, a partnership proposal or feedback about our service? <LocaleLink to="/contact">Send us a message</LocaleLink>.
          </Trans>
        </p>
      </ContentSection>
    </ContentPage>
  );
}
