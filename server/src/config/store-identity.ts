import { Channel, CustomFieldConfig, Injector, LanguageCode, RequestContext, TransactionalConnection } from '@vendure/core';

import { isValidPhone } from '../plugins/input-boundary/input-limits';

/**
 * The store's identity as the owner sets it: Channel custom fields (Settings → Channels in the
 * admin), read by the storefront through `activeChannel { customFields }` (footer, tax invoice)
 * and by the mails (config/email.ts). docs/decisions/030-store-identity.md.
 *
 * Channel is not a translatable entity, so Vendure has no `localeString` for it: a value that
 * differs per language is a pair of fields, `…Ar` and `…En`. Every field is shown to shoppers,
 * hence `public: true`; none is required (an unset field is left out where it would appear, and
 * the tax invoice says that the store's tax details are not configured).
 */

type Localized = { languageCode: LanguageCode; value: string }[];

const both = (en: string, ar: string): Localized => [
  { languageCode: LanguageCode.en, value: en },
  { languageCode: LanguageCode.ar, value: ar },
];

/** The VAT number sample documents and placeholders use (15 digits, 3…3, but nobody's). */
export const PLACEHOLDER_VAT_NUMBER = '300000000000003';

/** A Saudi VAT registration number: 15 digits, first and last digit 3. */
export function isSaudiVatNumber(value: string): boolean {
  return /^3\d{13}3$/.test(value) && value !== PLACEHOLDER_VAT_NUMBER;
}

/** A Saudi commercial registration (CR) number: 10 digits. */
export function isCommercialRegistrationNumber(value: string): boolean {
  return /^\d{10}$/.test(value);
}

export function isEmailAddress(value: string): boolean {
  return /^[^\s@<>"]{1,64}@[^\s@<>".]+(\.[^\s@<>".]+)+$/.test(value) && value.length <= 254;
}

export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** An empty value clears the field; anything else must pass `check`. */
const rule =
  (check: (value: string) => boolean, message: Localized) =>
  (value: unknown): Localized | undefined => {
    if (value === null || value === undefined || value === '') return undefined;
    return typeof value === 'string' && check(value) ? undefined : message;
  };

export const VAT_NUMBER_ERROR = both(
  'The VAT registration number must be the 15 digits of the store’s registration, starting and ending with 3 (for example 310122393500003).',
  'يجب أن يكون رقم التسجيل الضريبي الأرقام الخمسة عشر لتسجيل المتجر، يبدأ بالرقم 3 وينتهي به (مثل 310122393500003).',
);

const validators = {
  vatNumber: rule(isSaudiVatNumber, VAT_NUMBER_ERROR),
  commercialRegistrationNumber: rule(
    isCommercialRegistrationNumber,
    both('The commercial registration number must be 10 digits.', 'يجب أن يكون رقم السجل التجاري ١٠ أرقام.'),
  ),
  customerServicePhone: rule(
    isValidPhone,
    both(
      'Enter the customer-service phone in international form, for example +966112345678.',
      'أدخل هاتف خدمة العملاء بالصيغة الدولية، مثل ‎+966112345678‎.',
    ),
  ),
  customerServiceEmail: rule(
    isEmailAddress,
    both('Enter a valid customer-service e-mail address.', 'أدخل بريدًا إلكترونيًا صحيحًا لخدمة العملاء.'),
  ),
  businessCertificateUrl: rule(
    isHttpsUrl,
    both('The certificate link must be a full https:// address.', 'يجب أن يكون رابط الشهادة عنوانًا كاملًا يبدأ بـ https://.'),
  ),
};

const text = (name: string, en: string, ar: string, extra: Partial<CustomFieldConfig> = {}): CustomFieldConfig =>
  ({ name, type: 'string', nullable: true, public: true, label: both(en, ar), ...extra }) as CustomFieldConfig;

export const storeIdentityFields: CustomFieldConfig[] = [
  text('legalNameAr', 'Legal name (Arabic)', 'الاسم القانوني (بالعربية)', {
    description: both(
      'As registered: printed on tax invoices (and in their QR code), the footer and e-mails.',
      'كما هو مسجل: يُطبع في الفواتير الضريبية (وفي رمز الاستجابة السريعة) وتذييل الموقع والرسائل.',
    ),
  }),
  text('legalNameEn', 'Legal name (English)', 'الاسم القانوني (بالإنجليزية)'),
  text('vatNumber', 'VAT registration number', 'رقم التسجيل الضريبي', {
    description: both(
      '15 digits, starting and ending with 3. Without it no tax invoice is issued.',
      '١٥ رقمًا، يبدأ بالرقم 3 وينتهي به. من دونه لا تُصدر فواتير ضريبية.',
    ),
    validate: validators.vatNumber,
  }),
  text('commercialRegistrationNumber', 'Commercial registration number', 'رقم السجل التجاري', {
    validate: validators.commercialRegistrationNumber,
  }),
  text('addressAr', 'Address (Arabic)', 'العنوان (بالعربية)', { type: 'text' }),
  text('addressEn', 'Address (English)', 'العنوان (بالإنجليزية)', { type: 'text' }),
  text('customerServicePhone', 'Customer-service phone', 'هاتف خدمة العملاء', { validate: validators.customerServicePhone }),
  text('customerServiceEmail', 'Customer-service e-mail', 'بريد خدمة العملاء', { validate: validators.customerServiceEmail }),
  text('businessCertificateUrl', 'Business certificate link', 'رابط شهادة توثيق المتجر', {
    description: both(
      'The store’s e-commerce certificate (Saudi Business Center), linked in the footer.',
      'شهادة توثيق المتجر الإلكتروني (المركز السعودي للأعمال)، يظهر رابطها في تذييل الموقع.',
    ),
    validate: validators.businessCertificateUrl,
  }),
];

export interface StoreIdentityFields {
  legalNameAr?: string | null;
  legalNameEn?: string | null;
  vatNumber?: string | null;
  commercialRegistrationNumber?: string | null;
  addressAr?: string | null;
  addressEn?: string | null;
  customerServicePhone?: string | null;
  customerServiceEmail?: string | null;
  businessCertificateUrl?: string | null;
}

/** The environment variable the seed reads for each field (.env.example). */
export const STORE_IDENTITY_ENV: Record<keyof StoreIdentityFields, string> = {
  legalNameAr: 'STORE_LEGAL_NAME_AR',
  legalNameEn: 'STORE_LEGAL_NAME_EN',
  vatNumber: 'STORE_VAT_NUMBER',
  commercialRegistrationNumber: 'STORE_CR_NUMBER',
  addressAr: 'STORE_ADDRESS_AR',
  addressEn: 'STORE_ADDRESS_EN',
  customerServicePhone: 'STORE_PHONE',
  customerServiceEmail: 'STORE_EMAIL',
  businessCertificateUrl: 'STORE_CERTIFICATE_URL',
};

/**
 * The fields the seed sets from the environment (development and test rigs; in production the
 * owner sets them in the admin). Unset variables are left out; a malformed one stops the seed
 * with the variable's name and the rule it breaks.
 */
export function storeIdentityFromEnv(env: NodeJS.ProcessEnv): StoreIdentityFields {
  const fields: StoreIdentityFields = {};
  for (const [field, variable] of Object.entries(STORE_IDENTITY_ENV) as [keyof StoreIdentityFields, string][]) {
    const value = env[variable]?.trim();
    if (!value) continue;
    const problem = (validators as Record<string, (v: unknown) => Localized | undefined>)[field]?.(value);
    if (problem) throw new Error(`${variable}="${value}": ${problem.find((m) => m.languageCode === LanguageCode.en)!.value}`);
    fields[field] = value;
  }
  return fields;
}

/** The identity of the request's channel, read afresh (the owner may have just changed it). */
export async function loadStoreIdentity(ctx: RequestContext, injector: Injector): Promise<StoreIdentityFields> {
  const channel = await injector
    .get(TransactionalConnection)
    .getRepository(ctx, Channel)
    .findOne({ where: { id: ctx.channelId } });
  return (channel?.customFields ?? {}) as StoreIdentityFields;
}
