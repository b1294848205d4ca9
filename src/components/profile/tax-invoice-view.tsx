import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../i18n/locales';
import type { TaxInvoice } from '../../lib/invoice/tax-invoice';
import { localizeDigits } from '../../lib/digits';
import { formatMoney } from '../../lib/money';
import { langOfName } from '../../lib/script-lang';
import { surchargeName } from '../checkout/payment-method-name';

export interface TaxInvoiceViewProps {
  invoice: TaxInvoice;
  /** The QR code drawn on the server: path data in module units and the side length. */
  qr: { path: string; size: number } | null;
  locale: Locale;
  /** Formatted issue date and time. */
  issuedAt: string;
}

/** The simplified tax invoice (ZATCA phase 1): what the print stylesheet keeps on paper. */
export function TaxInvoiceView({ invoice, qr, locale, issuedAt }: TaxInvoiceViewProps) {
  const { t, i18n } = useLingui();
  const money = (halalas: number) => formatMoney(halalas, locale);
  const percent = (rate: number) => i18n.number(rate / 100, { style: 'percent', maximumFractionDigits: 2 });
  const adjustmentLabel = (kind: TaxInvoice['adjustments'][number]['kind']) =>
    kind === 'shipping' ? t`Shipping` : kind === 'surcharge' ? t`Surcharge` : kind === 'discount' ? t`Discount` : t`Adjustment`;
  // A payment method's fee is named by the method in the page's language (its backend description
  // holds both languages); other texts from the backend keep their words, in the page's digits.
  const adjustmentText = (a: TaxInvoice['adjustments'][number]) =>
    a.kind === 'surcharge'
      ? surchargeName(i18n, locale, { sku: a.sku, description: a.descriptions.join('، '), priceWithTax: a.inclVat })
      : a.descriptions.map((d) => localizeDigits(d, locale)).join('، ');
  return (
    <section className="tax-invoice" id="invoice" aria-labelledby="invoice-title">
      <header className="tax-invoice__head">
        <div>
          <h2 id="invoice-title" className="tax-invoice__title">{t`Simplified tax invoice`}</h2>
          <p className="tax-invoice__seller" lang={langOfName(invoice.seller.name[locale], locale)}>
            {invoice.seller.name[locale]}
          </p>
          {invoice.seller.address && (
            <p className="tax-invoice__address" lang={langOfName(invoice.seller.address[locale], locale)}>
              {localizeDigits(invoice.seller.address[locale], locale)}
            </p>
          )}
          <dl className="tax-invoice__facts">
            <div>
              <dt>{t`VAT registration number`}</dt>
              <dd>
                <bdi dir="ltr">{invoice.seller.vatNumber}</bdi>
              </dd>
            </div>
            {invoice.seller.commercialRegistrationNumber && (
              <div>
                <dt>{t`Commercial registration number`}</dt>
                <dd>
                  <bdi dir="ltr">{invoice.seller.commercialRegistrationNumber}</bdi>
                </dd>
              </div>
            )}
            <div>
              <dt>{t`Invoice number`}</dt>
              <dd>
                <bdi dir="ltr">{invoice.number}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t`Date of issue`}</dt>
              <dd>{issuedAt}</dd>
            </div>
          </dl>
        </div>
        {qr && (
          <svg
            className="tax-invoice__qr"
            role="img"
            aria-label={t`Tax invoice QR code`}
            viewBox={`0 0 ${qr.size} ${qr.size}`}
            width={qr.size * 3}
            height={qr.size * 3}
            shapeRendering="crispEdges"
          >
            <rect width={qr.size} height={qr.size} fill="#fff" />
            <path d={qr.path} fill="#000" />
          </svg>
        )}
      </header>
      {/* scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it (axe: scrollable-region-focusable) */}
      <div className="table-scroll" role="region" aria-labelledby="invoice-title" tabIndex={0}>
        <table className="tax-invoice__table">
          <thead>
            <tr>
              <th scope="col">{t`Item`}</th>
              <th scope="col">{t`Quantity`}</th>
              <th scope="col">{t`Unit price (excl. VAT)`}</th>
              <th scope="col">{t`VAT rate`}</th>
              <th scope="col">{t`VAT`}</th>
              <th scope="col">{t`Total (incl. VAT)`}</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((l) => (
              <tr key={l.id}>
                <th scope="row">
                  {l.name}{' '}
                  <bdi className="tax-invoice__sku" dir="ltr">
                    {l.sku}
                  </bdi>
                </th>
                <td>{i18n.number(l.quantity)}</td>
                <td>{money(l.unitPriceExclVat)}</td>
                <td>{percent(l.vatRate)}</td>
                <td>{money(l.vatAmount)}</td>
                <td>{money(l.totalInclVat)}</td>
              </tr>
            ))}
            {invoice.adjustments.map((a) => (
              <tr key={a.kind}>
                <th scope="row">
                  {adjustmentLabel(a.kind)}
                  {a.descriptions.length > 0 && <span className="tax-invoice__sku"> {adjustmentText(a)}</span>}
                </th>
                <td />
                <td>{money(a.exclVat)}</td>
                <td />
                <td>{money(a.vatAmount)}</td>
                <td>{money(a.inclVat)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="tax-invoice__totals">
        <div>
          <dt>{t`Total excluding VAT`}</dt>
          <dd>{money(invoice.totals.exclVat)}</dd>
        </div>
        {invoice.vatBreakdown.map((v) => (
          <div key={v.rate}>
            <dt>{t`VAT ${percent(v.rate)} on ${money(v.taxable)}`}</dt>
            <dd>{money(v.vat)}</dd>
          </div>
        ))}
        <div className="tax-invoice__grand">
          <dt>{t`Total including VAT`}</dt>
          <dd>{money(invoice.totals.inclVat)}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * In the invoice's place while the store's owner has not set its legal name and VAT number
 * (decision 030): a tax invoice without them would not be one, and none is made up.
 */
export function TaxInvoiceUnavailable() {
  const { t } = useLingui();
  return (
    <section className="tax-invoice" id="invoice" aria-labelledby="invoice-title">
      <h2 id="invoice-title" className="tax-invoice__title">{t`Simplified tax invoice`}</h2>
      <p className="notice">
        {t`The store's tax details (its legal name and VAT registration number) are not configured yet, so this order's tax invoice cannot be issued. Please contact customer service for it.`}
      </p>
    </section>
  );
}
