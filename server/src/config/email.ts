import {
  defaultEmailHandlers,
  EmailEventListener,
  EmailPluginDevModeOptions,
  emailVerificationHandler,
  FileBasedTemplateLoader,
  orderConfirmationHandler as coreOrderConfirmationHandler,
} from '@vendure/email-plugin';
import {
  EntityHydrator,
  Fulfillment,
  FulfillmentStateTransitionEvent,
  ID,
  Injector,
  LanguageCode,
  Order,
  OrderService,
  OrderStateTransitionEvent,
  ProductVariantTranslation,
  RefundStateTransitionEvent,
  RequestContext,
  TransactionalConnection,
  VendureEvent,
} from '@vendure/core';
import { In } from 'typeorm';
import { arabicDigitsIn, arabicNumber } from '../plugins/common/lib/arabic-digits';
import path from 'path';
import { storefrontUrl as storefrontUrlOf } from './public-urls';
import { isSaudiVatNumber, loadStoreIdentity, StoreIdentityFields } from './store-identity';

/** The order's variant names per language (one query), for the bilingual mails' line lists. */
async function variantNamesOf(injector: Injector, ctx: RequestContext, order: Order) {
  const variantIds = order.lines.map((l) => l.productVariant.id);
  const translations = variantIds.length
    ? await injector
        .get(TransactionalConnection)
        .getRepository(ctx, ProductVariantTranslation)
        .find({ where: { base: { id: In(variantIds) } }, relations: ['base'] })
    : [];
  return (variantId: unknown, lang: Lang, fallback: string) =>
    translations.find((t) => String(t.base.id) === String(variantId) && t.languageCode === lang)?.name ?? fallback;
}

/**
 * Mail events shared with the account plugin (server/src/plugins/account).
 * The account plugin publishes them with `eventBus.publish(new VerificationCodeEvent(...))`;
 * the EmailPlugin (configured in vendure-config.ts) renders the matching template from
 * server/src/email-templates/<template>/body.hbs. See server/src/email-templates/README.md.
 */
export interface CodeMailInput {
  /** recipient */
  emailAddress: string;
  /** the 6-digit code */
  code: string;
  /** validity in minutes (shown in the mail) */
  expiresInMinutes: number;
  /** optional greeting name */
  name?: string;
}

/** template `verification-code` — account verification by 6-digit code (verifyAccount). */
export class VerificationCodeEvent extends VendureEvent {
  constructor(
    public ctx: RequestContext,
    public input: CodeMailInput,
  ) {
    super();
  }
}

/** template `password-reset-code` — forgotten password by 6-digit code (requestPasswordResetCode). */
export class PasswordResetCodeEvent extends VendureEvent {
  constructor(
    public ctx: RequestContext,
    public input: CodeMailInput,
  ) {
    super();
  }
}

/** template `address-verification-code` — shipping address verification (assignVerificationToTheShippingAddress). */
export class AddressVerificationCodeEvent extends VendureEvent {
  constructor(
    public ctx: RequestContext,
    public input: CodeMailInput & { addressSummary?: string },
  ) {
    super();
  }
}

/**
 * template `account-limit-notice` — an account reached a per-account limit (sign-in, verification
 * or reset codes); sent once per family and window by the account plugin, only when the account
 * exists (docs/decisions/014-rate-limits.md).
 */
export class AccountLimitNoticeEvent extends VendureEvent {
  constructor(
    public ctx: RequestContext,
    public input: {
      emailAddress: string;
      family: 'sign-in' | 'verification-code' | 'password-reset';
      /** how long the account stays limited, rounded up */
      minutes: number;
      name?: string;
    },
  ) {
    super();
  }
}

const isArabic = (ctx: RequestContext) => ctx.languageCode !== LanguageCode.en;

function codeVars(ctx: RequestContext, input: CodeMailInput, subjectAr: string, subjectEn: string) {
  const ar = isArabic(ctx);
  return {
    isArabic: ar,
    lang: ar ? 'ar' : 'en',
    dir: ar ? 'rtl' : 'ltr',
    subject: ar ? `${subjectAr} | ${subjectEn}` : `${subjectEn} | ${subjectAr}`,
    code: input.code,
    expiresInMinutes: input.expiresInMinutes,
    expiresInMinutesAr: arabicNumber(input.expiresInMinutes),
    name: input.name ?? '',
  };
}

export const verificationCodeHandler = new EmailEventListener('verification-code')
  .on(VerificationCodeEvent)
  .setRecipient((event) => event.input.emailAddress)
  .setFrom('{{ fromAddress }}')
  .setSubject('{{ subject }}')
  .setTemplateVars((event) => codeVars(event.ctx, event.input, 'رمز تفعيل حسابك', 'Your account verification code'));

export const passwordResetCodeHandler = new EmailEventListener('password-reset-code')
  .on(PasswordResetCodeEvent)
  .setRecipient((event) => event.input.emailAddress)
  .setFrom('{{ fromAddress }}')
  .setSubject('{{ subject }}')
  .setTemplateVars((event) => codeVars(event.ctx, event.input, 'رمز إعادة تعيين كلمة المرور', 'Your password reset code'));

export const addressVerificationCodeHandler = new EmailEventListener('address-verification-code')
  .on(AddressVerificationCodeEvent)
  .setRecipient((event) => event.input.emailAddress)
  .setFrom('{{ fromAddress }}')
  .setSubject('{{ subject }}')
  .setTemplateVars((event) => ({
    ...codeVars(event.ctx, event.input, 'رمز توثيق عنوان الشحن', 'Your shipping address verification code'),
    addressSummary: event.input.addressSummary ?? '',
  }));

const LIMIT_NOTICE_ACTIONS = {
  'sign-in': { ar: 'تسجيل الدخول إلى حسابك', en: 'sign in to your account' },
  'verification-code': { ar: 'إدخال رمز تفعيل حسابك أو طلبه', en: 'enter or request your account verification code' },
  'password-reset': { ar: 'إعادة تعيين كلمة مرور حسابك', en: 'reset the password of your account' },
} as const;

export const accountLimitNoticeHandler = new EmailEventListener('account-limit-notice')
  .on(AccountLimitNoticeEvent)
  .setRecipient((event) => event.input.emailAddress)
  .setFrom('{{ fromAddress }}')
  .setSubject('{{ subject }}')
  .setTemplateVars((event) => {
    const ar = isArabic(event.ctx);
    const subjects = { ar: 'محاولات كثيرة على حسابك', en: 'Many attempts on your account' };
    return {
      isArabic: ar,
      lang: ar ? 'ar' : 'en',
      dir: ar ? 'rtl' : 'ltr',
      subject: ar ? `${subjects.ar} | ${subjects.en}` : `${subjects.en} | ${subjects.ar}`,
      actionAr: LIMIT_NOTICE_ACTIONS[event.input.family].ar,
      actionEn: LIMIT_NOTICE_ACTIONS[event.input.family].en,
      minutes: event.input.minutes,
      minutesAr: arabicNumber(event.input.minutes),
      name: event.input.name ?? '',
    };
  });

type Lang = 'ar' | 'en';

const ORDER_LABELS = {
  ar: {
    heading: 'شكراً لطلبك',
    greeting: (name: string) => (name ? `مرحباً ${name}،` : 'مرحباً،'),
    intro: 'استلمنا طلبك وسنُعلمك عند شحنه.',
    code: 'رقم الطلب',
    date: 'تاريخ الطلب',
    payment: 'طريقة الدفع',
    items: 'المنتجات',
    subTotal: 'المجموع الفرعي',
    discount: 'خصم',
    shipping: 'الشحن',
    total: 'الإجمالي شامل ضريبة القيمة المضافة',
    vat: 'منها ضريبة القيمة المضافة',
    shipTo: 'عنوان الشحن',
    view: 'عرض الطلب',
  },
  en: {
    heading: 'Thank you for your order',
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    intro: 'We have received your order and will let you know when it ships.',
    code: 'Order number',
    date: 'Order date',
    payment: 'Payment method',
    items: 'Items',
    subTotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping',
    total: 'Total incl. VAT',
    vat: 'of which VAT',
    shipTo: 'Shipping address',
    view: 'View your order',
  },
};

const PAYMENT_NAMES: Record<string, Record<Lang, string>> = {
  'payfort-card': { ar: 'البطاقة', en: 'Card' },
  tamara: { ar: 'تمارا', en: 'Tamara' },
  tabby: { ar: 'تابي', en: 'Tabby' },
  'cash-on-delivery': { ar: 'الدفع عند الاستلام', en: 'Cash on delivery' },
};

/**
 * The shopper's language for an order mail: the language of the payment they made (the redirect
 * payments record it; provider callbacks run without the shopper's request), else the request's.
 */
export function orderMailLanguage(ctx: RequestContext, order: Order): Lang {
  const newestFirst = [...(order.payments ?? [])].sort((a, b) => +new Date(b.createdAt) - +new Date(a.createdAt));
  const recordedIn = (p: { metadata?: unknown } | undefined) => {
    const language = (p?.metadata as { language?: string } | undefined)?.language;
    return language === 'ar' || language === 'en' ? language : undefined;
  };
  const paid = newestFirst.find((p) => p.state === 'Authorized' || p.state === 'Settled');
  // Later mails (shipped, cancelled, refunded) are sent from the owner's Admin API request, in the
  // owner's language, and a cancelled order's payment is no longer Authorized: any payment that
  // recorded the shopper's language (every method records it) decides then.
  const recorded = recordedIn(paid) ?? newestFirst.map(recordedIn).find(Boolean);
  if (recorded) return recorded;
  return ctx.languageCode === LanguageCode.en ? 'en' : 'ar';
}

/** "ar text | en text" descriptions (payment-method surcharges) split per language. */
const part = (text: string, lang: Lang) => {
  const [ar, en] = text.split(' | ');
  return en === undefined ? text : lang === 'ar' ? ar : en;
};

async function orderMailData(ctx: RequestContext, order: Order, injector: Injector) {
  const full = (await injector.get(OrderService).findOne(ctx, order.id)) ?? order;
  await injector.get(EntityHydrator).hydrate(ctx, full, {
    relations: ['lines.productVariant', 'shippingLines.shippingMethod', 'surcharges', 'payments', 'customer'],
  });
  const nameOf = await variantNamesOf(injector, ctx, full);
  const primary = orderMailLanguage(ctx, full);
  const paid = (full.payments ?? []).find((p) => p.state === 'Authorized' || p.state === 'Settled');
  const address = full.shippingAddress ?? {};
  const subTotal = full.lines.reduce((sum, l) => sum + l.discountedLinePriceWithTax, 0);
  const surcharges = (full.surcharges ?? []).reduce((sum, s) => sum + s.priceWithTax, 0);
  const discount = full.totalWithTax - subTotal - surcharges - full.shippingWithTax;
  const coupons = full.couponCodes?.length ? ` (${full.couponCodes.join(', ')})` : '';
  const section = (lang: Lang) => {
    const t = ORDER_LABELS[lang];
    const money = (halalas: number) =>
      new Intl.NumberFormat(lang === 'ar' ? 'ar-SA' : 'en-US', { style: 'currency', currency: full.currencyCode }).format(halalas / 100);
    const placed = full.orderPlacedAt ?? full.updatedAt;
    return {
      lang,
      dir: lang === 'ar' ? 'rtl' : 'ltr',
      align: lang === 'ar' ? 'right' : 'left',
      t: { ...t, greeting: t.greeting(full.customer?.firstName ?? '') },
      date: new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA' : 'en-GB', { dateStyle: 'long', timeZone: 'Asia/Riyadh' }).format(
        new Date(placed),
      ),
      payment: paid ? (PAYMENT_NAMES[paid.method]?.[lang] ?? paid.method) : '',
      lines: full.lines.map((l) => ({
        name: nameOf(l.productVariant.id, lang, l.productVariant.name),
        quantity: lang === 'ar' ? arabicNumber(l.quantity) : String(l.quantity),
        total: money(l.discountedLinePriceWithTax),
      })),
      // The rows add up to the total (issue 32 §4), as on the storefront (src/lib/order-summary.ts):
      // the items before order-level discounts, the coupon's discount once (to the halala: what the
      // lines' discounted prices do not explain), shipping, then surcharges (a payment method's fee).
      subTotal: money(subTotal),
      discount: discount ? { label: `${t.discount}${coupons}`, amount: money(discount) } : null,
      adjustments: (full.surcharges ?? []).map((s) => ({ description: part(s.description, lang), amount: money(s.priceWithTax) })),
      shipping: money(full.shippingWithTax),
      total: money(full.totalWithTax),
      vat: money(full.taxSummary.reduce((sum, x) => sum + x.taxTotal, 0)),
      // Postcodes and phone numbers are identifiers: Latin digits, kept left to right in an Arabic section.
      address: [
        ...[address.fullName, address.streetLine1, address.streetLine2, address.city, address.province].map((text) => ({
          text,
          ltr: false,
        })),
        ...[address.postalCode, address.phoneNumber].map((text) => ({ text, ltr: true })),
      ].filter((line) => Boolean(line.text)),
      // joined with the global `storefrontUrl` in the template
      orderPath: `${lang === 'en' ? '/en' : ''}/profile/orders/${encodeURIComponent(full.code)}`,
    };
  };
  const subjects = { ar: `تأكيد طلبك رقم ${full.code}`, en: `Order confirmation ${full.code}` };
  return {
    lang: primary,
    recipient: full.customer?.emailAddress ?? '',
    subject: primary === 'ar' ? `${subjects.ar} | ${subjects.en}` : `${subjects.en} | ${subjects.ar}`,
    sections: primary === 'ar' ? [section('ar'), section('en')] : [section('en'), section('ar')],
    code: full.code,
  };
}

/**
 * Order confirmation, bilingual with the shopper's language first (template
 * `order-confirmation`). Sent once, when the order is placed: core's handler waits for
 * PaymentSettled, which installment and cash-on-delivery orders reach only much later (or a
 * second time after PaymentAuthorized), so ours fires on ArrangingPayment → PaymentAuthorized |
 * PaymentSettled instead.
 */
export const orderConfirmationHandler = new EmailEventListener('order-confirmation')
  .on(OrderStateTransitionEvent)
  .filter(
    (event) =>
      event.fromState === 'ArrangingPayment' &&
      (event.toState === 'PaymentAuthorized' || event.toState === 'PaymentSettled') &&
      !!event.order.customer,
  )
  .loadData(({ event, injector }) => orderMailData(event.ctx, event.order, injector))
  .setRecipient((event) => event.data.recipient)
  .setFrom('{{ fromAddress }}')
  .setSubject('{{ subject }}')
  .setTemplateVars((event) => ({ ...event.data }));

/** What the mails after the confirmation say, per language (templates order-shipped, -delivered, -cancelled, -refunded). */
const UPDATE_LABELS = {
  ar: {
    greeting: ORDER_LABELS.ar.greeting,
    code: 'رقم الطلب',
    view: 'عرض الطلب',
    carrier: 'الشحن عبر',
    tracking: 'رقم التتبع',
    amount: 'المبلغ المسترد',
    refundTo: 'إلى',
    date: 'التاريخ',
    shipped: {
      subject: (c: string) => `تم شحن طلبك رقم ${c}`,
      heading: 'طلبك في الطريق إليك',
      intro: 'شحنّا طلبك، ويمكنك متابعته برقم التتبع.',
    },
    delivered: { subject: (c: string) => `تم توصيل طلبك رقم ${c}`, heading: 'وصل طلبك', intro: 'سُلِّم طلبك. شكراً لتسوقك معنا.' },
    cancelled: { subject: (c: string) => `تم إلغاء طلبك رقم ${c}`, heading: 'أُلغي طلبك', intro: 'أُلغي طلبك، وهذه المنتجات التي أُلغيت:' },
    refunded: { subject: (c: string) => `استرداد مبلغ من طلبك رقم ${c}`, heading: 'أعدنا إليك مبلغاً', intro: 'أعدنا إليك مبلغاً من طلبك.' },
    nothingDue: 'لا يوجد عليك أي مبلغ مستحق لهذا الطلب.',
    refunding: (amount: string, method: string) => `المبلغ الذي دفعته (${amount}) يُعاد إليك عبر ${method}.`,
  },
  en: {
    greeting: ORDER_LABELS.en.greeting,
    code: 'Order number',
    view: 'View your order',
    carrier: 'Shipped with',
    tracking: 'Tracking number',
    amount: 'Amount refunded',
    refundTo: 'To',
    date: 'Date',
    shipped: {
      subject: (c: string) => `Your order ${c} has shipped`,
      heading: 'Your order is on its way',
      intro: 'We have shipped your order; you can follow it with the tracking number.',
    },
    delivered: {
      subject: (c: string) => `Your order ${c} has been delivered`,
      heading: 'Your order has arrived',
      intro: 'Your order has been delivered. Thank you for shopping with us.',
    },
    cancelled: {
      subject: (c: string) => `Your order ${c} has been cancelled`,
      heading: 'Your order has been cancelled',
      intro: 'Your order has been cancelled; these items were cancelled:',
    },
    refunded: {
      subject: (c: string) => `A refund on your order ${c}`,
      heading: 'We have refunded you',
      intro: 'We have refunded an amount from your order.',
    },
    nothingDue: 'Nothing is due for this order.',
    refunding: (amount: string, method: string) => `The amount you paid (${amount}) is being refunded to your ${method}.`,
  },
};

type UpdateKind = 'shipped' | 'delivered' | 'cancelled' | 'refunded';
interface UpdateRow {
  label: string;
  value: string;
  /** identifiers (tracking numbers): Latin, left to right */
  ltr?: boolean;
  testid?: string;
}

const moneyIn = (lang: Lang, currency: string, halalas: number) =>
  new Intl.NumberFormat(lang === 'ar' ? 'ar-SA' : 'en-US', { style: 'currency', currency }).format(halalas / 100);
const methodName = (method: string, lang: Lang) => PAYMENT_NAMES[method]?.[lang] ?? method;

/**
 * The data of a mail after the confirmation: bilingual like it, the shopper's language first
 * (orderMailLanguage), with the kind's own rows (`rows`) and sentence (`note`) per language.
 */
async function orderUpdateMailData(
  ctx: RequestContext,
  orderId: ID,
  injector: Injector,
  kind: UpdateKind,
  details: (full: Order, lang: Lang) => { rows?: UpdateRow[]; note?: string; items?: boolean },
) {
  const full = await injector.get(OrderService).findOne(ctx, orderId);
  if (!full) return undefined;
  await injector.get(EntityHydrator).hydrate(ctx, full, { relations: ['lines.productVariant', 'payments', 'customer'] });
  const nameOf = await variantNamesOf(injector, ctx, full);
  const primary = orderMailLanguage(ctx, full);
  const section = (lang: Lang) => {
    const t = UPDATE_LABELS[lang];
    const own = details(full, lang);
    return {
      lang,
      dir: lang === 'ar' ? 'rtl' : 'ltr',
      align: lang === 'ar' ? 'right' : 'left',
      t: {
        heading: t[kind].heading,
        intro: t[kind].intro,
        code: t.code,
        view: t.view,
        greeting: t.greeting(full.customer?.firstName ?? ''),
      },
      rows: own.rows ?? [],
      note: own.note ?? '',
      // what the order held when placed (a cancelled line's quantity is 0 afterwards)
      items: own.items
        ? full.lines
            .filter((l) => l.orderPlacedQuantity > 0)
            .map((l) => ({
              name: nameOf(l.productVariant.id, lang, l.productVariant.name),
              quantity: lang === 'ar' ? arabicNumber(l.orderPlacedQuantity) : String(l.orderPlacedQuantity),
            }))
        : [],
      orderPath: `${lang === 'en' ? '/en' : ''}/profile/orders/${encodeURIComponent(full.code)}`,
    };
  };
  const subjects = { ar: UPDATE_LABELS.ar[kind].subject(full.code), en: UPDATE_LABELS.en[kind].subject(full.code) };
  return {
    lang: primary,
    recipient: full.customer?.emailAddress ?? '',
    subject: primary === 'ar' ? `${subjects.ar} | ${subjects.en}` : `${subjects.en} | ${subjects.ar}`,
    sections: primary === 'ar' ? [section('ar'), section('en')] : [section('en'), section('ar')],
    code: full.code,
  };
}

/** The order a fulfilment belongs to (one order per fulfilment in this shop). */
async function orderIdOfFulfillment(ctx: RequestContext, injector: Injector, fulfillment: Fulfillment): Promise<ID | undefined> {
  const withOrders = await injector
    .get(TransactionalConnection)
    .getRepository(ctx, Fulfillment)
    .findOne({ where: { id: fulfillment.id }, relations: ['orders'] });
  return withOrders?.orders?.[0]?.id;
}

function fulfillmentMailHandler(kind: 'shipped' | 'delivered', toState: 'Shipped' | 'Delivered') {
  return new EmailEventListener(`order-${kind}`)
    .on(FulfillmentStateTransitionEvent)
    .filter((event) => event.toState === toState)
    .loadData(async ({ event, injector }) => {
      const orderId = await orderIdOfFulfillment(event.ctx, injector, event.fulfillment);
      const { method, trackingCode } = event.fulfillment;
      return orderId
        ? orderUpdateMailData(event.ctx, orderId, injector, kind, (_order, lang) => ({
            rows:
              kind === 'shipped'
                ? [
                    ...(method ? [{ label: UPDATE_LABELS[lang].carrier, value: method, ltr: /^[\x20-\x7e]*$/.test(method) }] : []),
                    ...(trackingCode
                      ? [{ label: UPDATE_LABELS[lang].tracking, value: trackingCode, ltr: true, testid: `tracking-${lang}` }]
                      : []),
                  ]
                : [],
          }))
        : undefined;
    })
    .setRecipient((event) => event.data?.recipient ?? '')
    .setFrom('{{ fromAddress }}')
    .setSubject('{{ subject }}')
    .setTemplateVars((event) => ({ ...event.data }));
}

/** template `order-shipped`: a fulfilment moved to Shipped; its method (carrier) and tracking code as the owner typed them. */
export const orderShippedHandler = fulfillmentMailHandler('shipped', 'Shipped');
/** template `order-delivered`: a fulfilment moved to Delivered. */
export const orderDeliveredHandler = fulfillmentMailHandler('delivered', 'Delivered');

/**
 * template `order-cancelled`: a placed order moved to Cancelled (by the owner or the shopper).
 * Lists what the order held; a paid order says its amount is being refunded (the owner refunds
 * it in the admin, which sends `order-refunded`), an unpaid one (cash on delivery, an authorised
 * card) that nothing is due: its payment is cancelled with the order (payments plugin).
 */
export const orderCancelledHandler = new EmailEventListener('order-cancelled')
  .on(OrderStateTransitionEvent)
  .filter((event) => event.toState === 'Cancelled' && !!event.order.orderPlacedAt && !!event.order.customer)
  .loadData(({ event, injector }) =>
    orderUpdateMailData(event.ctx, event.order.id, injector, 'cancelled', (order, lang) => {
      const settled = (order.payments ?? []).filter((p) => p.state === 'Settled');
      const paid = settled.reduce((sum, p) => sum + p.amount, 0);
      const methods = [...new Set(settled.map((p) => methodName(p.method, lang)))].join(lang === 'ar' ? ' و' : ' and ');
      return {
        items: true,
        note: paid > 0 ? UPDATE_LABELS[lang].refunding(moneyIn(lang, order.currencyCode, paid), methods) : UPDATE_LABELS[lang].nothingDue,
      };
    }),
  )
  .setRecipient((event) => event.data?.recipient ?? '')
  .setFrom('{{ fromAddress }}')
  .setSubject('{{ subject }}')
  .setTemplateVars((event) => ({ ...event.data }));

/** template `order-refunded`: a refund was settled; its amount and the payment method it went back to. */
export const orderRefundedHandler = new EmailEventListener('order-refunded')
  .on(RefundStateTransitionEvent)
  .filter((event) => event.toState === 'Settled' && !!event.order)
  .loadData(({ event, injector }) =>
    orderUpdateMailData(event.ctx, event.order.id, injector, 'refunded', (order, lang) => ({
      rows: [
        {
          label: UPDATE_LABELS[lang].amount,
          value: moneyIn(lang, order.currencyCode, event.refund.total),
          testid: `refund-amount-${lang}`,
        },
        { label: UPDATE_LABELS[lang].refundTo, value: methodName(event.refund.method, lang) },
      ],
    })),
  )
  .setRecipient((event) => event.data?.recipient ?? '')
  .setFrom('{{ fromAddress }}')
  .setSubject('{{ subject }}')
  .setTemplateVars((event) => ({ ...event.data }));

/**
 * Core's emailVerificationHandler is left out: registration is verified by the 6-digit code
 * (verification-code, sent by the account plugin on the same AccountRegistrationEvent), so the
 * link mail would be a second, useless mail. Core's order confirmation is replaced (see above).
 */
export const emailHandlers = [
  ...defaultEmailHandlers.filter((h) => h !== emailVerificationHandler && h !== coreOrderConfirmationHandler),
  orderConfirmationHandler,
  orderShippedHandler,
  orderDeliveredHandler,
  orderCancelledHandler,
  orderRefundedHandler,
  verificationCodeHandler,
  passwordResetCodeHandler,
  addressVerificationCodeHandler,
  accountLimitNoticeHandler,
];

/**
 * Templates live in server/src/email-templates (not compiled; read at runtime). This resolves
 * from both server/dist/config (tsc build) and server/src/config (vitest + swc).
 */
export const EMAIL_TEMPLATE_DIR = path.join(__dirname, '..', '..', 'src', 'email-templates');

/** The mails' fixed variables: the store's brand name and the storefront's addresses. */
export function emailTemplateVars(env: NodeJS.ProcessEnv) {
  const storefrontUrl = storefrontUrlOf(env);
  return {
    fromAddress: env.MAIL_FROM || '"متجر الأناقة | Elegance Store" <noreply@elegance.local>',
    storeNameAr: 'متجر الأناقة',
    storeNameEn: 'Elegance Store',
    storefrontUrl,
    // storefront routes (spec §2; Arabic at the root, English under /en)
    verifyEmailAddressUrl: `${storefrontUrl}/auth/otp`,
    passwordResetUrl: `${storefrontUrl}/auth/reset-password`,
    changeEmailAddressUrl: `${storefrontUrl}/profile`,
  };
}

/**
 * What the footer of every mail says about the store, from the channel's identity fields as the
 * owner set them (config/store-identity.ts); a field not set is left out, never filled in.
 */
export function identityTemplateVars(fields: StoreIdentityFields) {
  const value = (v: string | null | undefined) => v?.trim() ?? '';
  const nameAr = value(fields.legalNameAr) || value(fields.legalNameEn);
  const nameEn = value(fields.legalNameEn) || value(fields.legalNameAr);
  const vatNumber = value(fields.vatNumber);
  const identity = {
    nameAr,
    nameEn,
    addressAr: arabicDigitsIn(value(fields.addressAr) || value(fields.addressEn)),
    addressEn: value(fields.addressEn) || value(fields.addressAr),
    vatNumber: isSaudiVatNumber(vatNumber) ? vatNumber : '',
    crNumber: value(fields.commercialRegistrationNumber),
    phone: value(fields.customerServicePhone),
    email: value(fields.customerServiceEmail),
  };
  return { identity: { ...identity, any: Object.values(identity).some(Boolean) } };
}

export function emailPluginOptions(env: NodeJS.ProcessEnv, dataDir: string): EmailPluginDevModeOptions {
  const vars = emailTemplateVars(env);
  return {
    devMode: true,
    outputPath: path.join(dataDir, 'mail'),
    route: 'mailbox',
    handlers: emailHandlers,
    templateLoader: new FileBasedTemplateLoader(EMAIL_TEMPLATE_DIR),
    // Read per mail: the owner's latest settings, not the ones at boot.
    globalTemplateVars: async (ctx, injector) => ({ ...vars, ...identityTemplateVars(await loadStoreIdentity(ctx, injector)) }),
  };
}
