import { useLingui } from '@lingui/react/macro';
import { catalogueHref, visibleSocialLinks, type ChromeData } from '../../lib/chrome-data';
import { localizeDigits } from '../../lib/digits';
import { langOfName } from '../../lib/script-lang';
import type { StoreIdentity } from '../../lib/store-identity';
import { useLocale } from '../../lib/use-locale';
import { SocialIcon } from '../icons/icons';
import { LocaleLink } from '../locale-link/locale-link';
import { socialPlatformName } from './social-platform';

/** Accepted payment methods (local SVG wordmarks in public/payments): Latin brand names, `lang` in the markup. */
const PAYMENT_LOGOS = [
  { file: 'apple-pay', name: 'Apple Pay', width: 64 },
  { file: 'visa', name: 'Visa', width: 56 },
  { file: 'mastercard', name: 'Mastercard', width: 56 },
  { file: 'mada', name: 'mada', width: 56 },
  { file: 'tamara', name: 'Tamara', width: 64 },
  { file: 'tabby', name: 'Tabby', width: 56 },
  { file: 'stc-pay', name: 'STC Pay', width: 64 },
] as const;

export function SiteFooter({ chrome, year }: { chrome: ChromeData; year: number }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const company = [
    { to: '/about', label: t`About us` },
    { to: '/approach', label: t`Our approach` },
    { to: '/culture', label: t`Our culture` },
    { to: '/faqs', label: t`FAQs` },
    { to: '/contact', label: t`Contact us` },
    { to: '/installment', label: t`Pay in installments` },
  ];
  const legal = [
    { to: '/pages/privacy-policy?type=privacy', label: t`Privacy policy` },
    { to: '/pages/terms-conditions?type=usage', label: t`Terms and conditions` },
    { to: '/pages/warranty-policy?type=warranty', label: t`Warranty policy` },
    { to: '/pages/exchange-and-return-policy?type=exchange', label: t`Exchange and return policy` },
  ];
  const social = visibleSocialLinks(chrome.socialLinks);

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <nav className="site-footer__column" aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__heading">{t`Company`}</h2>
          <ul>
            {company.map((l) => (
              <li key={l.to}>
                <LocaleLink to={l.to}>{l.label}</LocaleLink>
              </li>
            ))}
          </ul>
        </nav>
        {chrome.brands.length > 0 && (
          <nav className="site-footer__column" aria-labelledby="footer-brands">
            <h2 id="footer-brands" className="site-footer__heading">{t`Top brands`}</h2>
            <ul>
              {chrome.brands.map((b) => (
                <li key={b.code}>
                  <LocaleLink to={catalogueHref.brand(b.code)} lang={langOfName(b.name, locale)}>
                    {b.name}
                  </LocaleLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <nav className="site-footer__column" aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__heading">{t`Policies`}</h2>
          <ul>
            {legal.map((l) => (
              <li key={l.to}>
                <LocaleLink to={l.to}>{l.label}</LocaleLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__column">
          {social.length > 0 && (
            <>
              <h2 className="site-footer__heading">{t`Follow us`}</h2>
              <ul className="social-links">
                {social.map((s) => (
                  <li key={s.id}>
                    <a href={s.link} target="_blank" rel="noopener noreferrer" className="icon-button social-links__link">
                      <SocialIcon platform={s.platform} size={20} />
                      <span className="visually-hidden" lang={langOfName(socialPlatformName(i18n, s.platform), locale)}>
                        {socialPlatformName(i18n, s.platform)}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
          <h2 className="site-footer__heading">{t`We accept`}</h2>
          <ul className="payment-logos">
            {PAYMENT_LOGOS.map((p) => (
              <li key={p.file}>
                <img
                  src={`/payments/${p.file}.svg`}
                  width={p.width}
                  height={36}
                  alt={p.name}
                  lang={langOfName(p.name, locale)}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>{t`© ${year} Elegance Store. All rights reserved.`}</p>
          <StoreIdentityFacts identity={chrome.identity} />
        </div>
      </div>
    </footer>
  );
}

/**
 * Who runs the store, as its owner set it in the admin (decision 030): legal name, registration
 * numbers, address, customer service and the e-commerce certificate. What is not set is left out.
 */
function StoreIdentityFacts({ identity }: { identity: StoreIdentity }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { legalName, address, vatNumber, commercialRegistrationNumber: cr } = identity;
  const phone = identity.customerServicePhone;
  const email = identity.customerServiceEmail;
  const certificate = identity.businessCertificateUrl;
  return (
    <>
      {(legalName || cr || vatNumber || address) && (
        <div className="site-footer__identity">
          {legalName && (
            <p className="site-footer__legal-name" lang={langOfName(legalName[locale], locale)}>
              {legalName[locale]}
            </p>
          )}
          {cr && (
            <p>
              {t`Commercial registration number:`} <bdi dir="ltr">{cr}</bdi>
            </p>
          )}
          {vatNumber && (
            <p>
              {t`VAT registration number:`} <bdi dir="ltr">{vatNumber}</bdi>
            </p>
          )}
          {address && <p lang={langOfName(address[locale], locale)}>{localizeDigits(address[locale], locale)}</p>}
        </div>
      )}
      {(phone || email || certificate) && (
        <div className="site-footer__identity">
          {(phone || email) && (
            <address>
              {t`Customer service:`}{' '}
              {phone && (
                <a href={`tel:${phone.replace(/\s+/g, '')}`}>
                  <bdi dir="ltr">{phone}</bdi>
                </a>
              )}
              {phone && email && ' · '}
              {email && (
                <a href={`mailto:${email}`}>
                  <bdi dir="ltr">{email}</bdi>
                </a>
              )}
            </address>
          )}
          {certificate && (
            <p>
              <a href={certificate} target="_blank" rel="noopener noreferrer">
                {t`E-commerce registration certificate`}
              </a>
            </p>
          )}
        </div>
      )}
    </>
  );
}
