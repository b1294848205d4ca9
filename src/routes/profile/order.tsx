import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/order';
import { formatDate } from '../../components/catalogue/format';
import { Image } from '../../components/image/image';
import { LocaleLink } from '../../components/locale-link/locale-link';
import { labelOf, ORDER_STATE_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATE_LABELS, taxName } from '../../components/profile/order-state';
import { ProfileFrame } from '../../containers/profile-frame';
import { TaxInvoiceUnavailable, TaxInvoiceView } from '../../components/profile/tax-invoice-view';
import { summaryRowLabel } from '../../components/order-summary/summary-rows';
import { OrderCancel } from '../../containers/order-cancel';
import { localeContext } from '../../i18n/locale-middleware.server';
import { localizePath } from '../../i18n/paths';
import { localizeDigits } from '../../lib/digits';
import { formatMoney } from '../../lib/money';
import { orderSummary } from '../../lib/order-summary';
import { useLocale } from '../../lib/use-locale';
import { routeMeta } from '../../seo/route-meta';
import { privatePageHeaders, requireCustomer } from '../guards.server';
import { loadOrderPage } from './order.server';

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: msg`Order details`,
    description: msg`Your order at Elegance Store.`,
    noindex: true,
    notFound: !args.loaderData,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  const customer = await requireCustomer(request, locale);
  return loadOrderPage(request, locale, customer, params.code);
}

/** Date and time in the page's digits (decision 015): ar-SA prints Arabic-Indic ones. */
function dateTime(iso: string, locale: 'ar' | 'en') {
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-SA' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Riyadh',
  }).format(new Date(iso));
}

/** /profile/orders/:code: lines, totals, address, payments, the order's states, and its tax invoice. */
export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const onCancelled = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const { order, invoice, qr, timeline, cancel, taxDetailsMissing } = loaderData;
  const { settlement } = order;
  const label = (map: Record<string, MessageDescriptor>, key: string) => labelOf(i18n, map, key);
  const money = (halalas: number) => formatMoney(halalas, locale);
  const other = locale === 'ar' ? 'en' : 'ar';
  const address = order.shippingAddress;
  // The same rows as checkout and the cart: they add up to the total (src/lib/order-summary.ts).
  const summary = orderSummary({ ...order, lines: order.lines.map((l) => ({ discountedLinePriceWithTax: l.linePriceWithTax })) });

  return (
    <ProfileFrame
      title={
        <Trans>
          Order <bdi>{order.code}</bdi>
        </Trans>
      }
    >
      <div className="order-detail">
        <p className="order-detail__meta">
          <span>{t`Placed on ${formatDate(order.placedAt, locale, 'long')}`}</span>{' '}
          <span className={`order-state order-state--${order.state.toLowerCase()}`}>{label(ORDER_STATE_LABELS, order.state)}</span>
        </p>
        {settlement.cancelled && (
          <p className="notice" role="status" data-testid="order-cancelled-notice">
            {settlement.toRefund > 0
              ? t`This order has been cancelled. The ${money(settlement.toRefund)} you paid is being refunded.`
              : t`This order has been cancelled. Nothing is due.`}
          </p>
        )}
        <OrderCancel
          orderCode={order.code}
          orderState={order.state}
          cancellable={cancel.possible}
          reasonMax={cancel.reasonMax}
          onCancelled={onCancelled}
        />

        <section aria-labelledby="order-lines-title" className="order-detail__section">
          <h2 id="order-lines-title">{t`Items`}</h2>
          <ul className="order-lines">
            {order.lines.map((l) => (
              <li key={l.id} className="order-line">
                <Image src={l.image?.src} alt="" preset="tiny" />
                <div className="order-line__body">
                  <LocaleLink to={`/products/${encodeURIComponent(l.slug)}`} className="order-line__name">
                    {l.name}
                  </LocaleLink>
                  {l.options.length > 0 && <p className="order-line__options">{l.options.join(' · ')}</p>}
                  <p className="order-line__qty">
                    {t`Quantity: ${i18n.number(l.quantity)}`} · {money(l.unitPriceWithTax)}
                  </p>
                  {!l.reviewed && (
                    <LocaleLink to={`/products/${encodeURIComponent(l.slug)}#reviews`} className="order-line__review">
                      {t`Write a review of ${l.productName}`}
                    </LocaleLink>
                  )}
                </div>
                <p className="order-line__total">{money(l.linePriceWithTax)}</p>
              </li>
            ))}
          </ul>
        </section>

        <div className="order-detail__grid">
          <section aria-labelledby="order-totals-title" className="order-detail__section">
            <h2 id="order-totals-title">{t`Totals`}</h2>
            <dl className="summary-list">
              {summary.rows.map((row, i) => (
                <div key={`${row.kind}-${i}`}>
                  <dt>{summaryRowLabel(i18n, row, (code) => label(PAYMENT_METHOD_LABELS, code))}</dt>
                  <dd>{row.amount === null ? t`At checkout` : money(row.amount)}</dd>
                </div>
              ))}
              <div className="summary-list__total">
                <dt>{t`Total`}</dt>
                <dd>{money(summary.total ?? order.totalWithTax)}</dd>
              </div>
              <div>
                <dt>{t`Of which VAT`}</dt>
                <dd>{money(summary.vat)}</dd>
              </div>
            </dl>
            <h3 id="order-tax-title">{t`Tax summary`}</h3>
            {/* A data table may scroll on its own on a narrow screen (WCAG 1.4.10); focusable so the
                keyboard can scroll it. */}
            <div className="table-scroll" role="region" aria-labelledby="order-tax-title" tabIndex={0}>
              <table className="profile-table profile-table--compact">
                <thead>
                  <tr>
                    <th scope="col">{t`Tax`}</th>
                    <th scope="col">{t`Rate`}</th>
                    <th scope="col">{t`Taxable amount`}</th>
                    <th scope="col">{t`Tax amount`}</th>
                  </tr>
                </thead>
                <tbody>
                  {order.taxSummary.map((s, i) => (
                    <tr key={i}>
                      <th scope="row">{taxName(i18n, s)}</th>
                      <td>{i18n.number(s.taxRate / 100, { style: 'percent', maximumFractionDigits: 2 })}</td>
                      <td>{money(s.taxBase)}</td>
                      <td>{money(s.taxTotal)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section aria-labelledby="order-address-title" className="order-detail__section">
            <h2 id="order-address-title">{t`Shipping address`}</h2>
            {address?.streetLine1 ? (
              <address className="order-address">
                {address.fullName && <span>{address.fullName}</span>}
                <span>{address.streetLine1}</span>
                {address.streetLine2 && <span>{address.streetLine2}</span>}
                <span>
                  {[address.city, address.province].filter(Boolean).join('، ')}
                  {address.postalCode && (
                    <>
                      {' '}
                      <bdi dir="ltr">{address.postalCode}</bdi>
                    </>
                  )}
                </span>
                {address.country && <span>{address.country}</span>}
                {address.phoneNumber && (
                  <span>
                    <bdi dir="ltr">{address.phoneNumber}</bdi>
                  </span>
                )}
              </address>
            ) : (
              <p>{t`No shipping address.`}</p>
            )}
            {order.shippingMethods.length > 0 && <p>{t`Delivery: ${localizeDigits(order.shippingMethods.join(', '), locale)}`}</p>}

            <h2 id="order-payments-title">{t`Payments`}</h2>
            {order.payments.length === 0 ? (
              <p>{t`No payment yet.`}</p>
            ) : (
              <ul className="order-payments">
                {order.payments.map((p) => (
                  <li key={p.id}>
                    {label(PAYMENT_METHOD_LABELS, p.method)} · {label(PAYMENT_STATE_LABELS, p.state)} · {money(p.amount)}
                  </li>
                ))}
              </ul>
            )}
            {settlement.refunds.length > 0 && (
              <ul className="order-payments" data-testid="order-refunds">
                {settlement.refunds.map((r, i) => (
                  <li
                    key={i}
                  >{t`Refunded ${money(r.amount)} to ${label(PAYMENT_METHOD_LABELS, r.method)} on ${formatDate(r.at, locale, 'long')}`}</li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <section aria-labelledby="order-timeline-title" className="order-detail__section">
          <h2 id="order-timeline-title">{t`Order status`}</h2>
          <ol className="order-timeline">
            {timeline.map((step, i) => (
              <li key={i} className="order-timeline__step" aria-current={i === timeline.length - 1 ? 'step' : undefined}>
                <span className="order-timeline__state">{label(ORDER_STATE_LABELS, step.state)}</span>
                <time dateTime={step.at}>{dateTime(step.at, locale)}</time>
              </li>
            ))}
          </ol>
        </section>

        {invoice && (
          <>
            <div className="order-detail__print">
              <button type="button" className="button button--primary" onClick={() => window.print()}>
                {t`Print invoice`}
              </button>
              <a href={`${localizePath(`/profile/orders/${encodeURIComponent(order.code)}`, other)}#invoice`} hrefLang={other} lang={other}>
                {other === 'en' ? 'Invoice in English' : 'الفاتورة بالعربية'}
              </a>
            </div>
            <TaxInvoiceView invoice={invoice} qr={qr} locale={locale} issuedAt={dateTime(invoice.issuedAt, locale)} />
          </>
        )}
        {taxDetailsMissing && <TaxInvoiceUnavailable />}
      </div>
    </ProfileFrame>
  );
}
