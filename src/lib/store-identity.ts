/**
 * The store's identity as its owner set it in the admin (the channel's custom fields,
 * server/src/config/store-identity.ts; decision 030), shaped for the footer and the tax invoice.
 * Nothing here has a default: what the owner has not set is null and is left out where it would
 * appear, so no placeholder reaches a page.
 */

export interface LocalizedText {
  ar: string;
  en: string;
}

export interface StoreIdentity {
  /** The registered (legal) name; one language stands in for the other when only one is set. */
  legalName: LocalizedText | null;
  /** A valid Saudi VAT registration number, or null. */
  vatNumber: string | null;
  commercialRegistrationNumber: string | null;
  address: LocalizedText | null;
  customerServicePhone: string | null;
  customerServiceEmail: string | null;
  /** The e-commerce certificate's page (https only). */
  businessCertificateUrl: string | null;
}

/** The channel's custom fields as the Shop API answers them (`activeChannel { customFields }`). */
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

export const NO_STORE_IDENTITY: StoreIdentity = {
  legalName: null,
  vatNumber: null,
  commercialRegistrationNumber: null,
  address: null,
  customerServicePhone: null,
  customerServiceEmail: null,
  businessCertificateUrl: null,
};

/** Sample documents' VAT number: well-formed, but nobody's. Never printed as the store's. */
const PLACEHOLDER_VAT_NUMBER = '300000000000003';

/** A Saudi VAT registration number the store can print: 15 digits, 3…3, not the placeholder. */
export function isStoreVatNumber(value: string): boolean {
  return /^3\d{13}3$/.test(value) && value !== PLACEHOLDER_VAT_NUMBER;
}

const clean = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

function pair(ar: string | null | undefined, en: string | null | undefined): LocalizedText | null {
  const a = clean(ar);
  const e = clean(en);
  if (!a && !e) return null;
  return { ar: a ?? e!, en: e ?? a! };
}

function httpsUrl(value: string | null | undefined): string | null {
  const text = clean(value);
  if (!text) return null;
  try {
    return new URL(text).protocol === 'https:' ? text : null;
  } catch {
    return null;
  }
}

/**
 * The identity from the channel's fields. The backend validates what the owner saves; a value
 * that still fails here (saved before the rule, or written to the database directly) is left out
 * rather than shown.
 */
export function storeIdentityOf(fields: StoreIdentityFields | null | undefined): StoreIdentity {
  if (!fields) return NO_STORE_IDENTITY;
  const vat = clean(fields.vatNumber);
  const email = clean(fields.customerServiceEmail);
  const phone = clean(fields.customerServicePhone);
  return {
    legalName: pair(fields.legalNameAr, fields.legalNameEn),
    vatNumber: vat && isStoreVatNumber(vat) ? vat : null,
    commercialRegistrationNumber: clean(fields.commercialRegistrationNumber),
    address: pair(fields.addressAr, fields.addressEn),
    customerServicePhone: phone && /^\+?[0-9 ]{6,20}$/.test(phone) ? phone : null,
    customerServiceEmail: email && /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(email) ? email : null,
    businessCertificateUrl: httpsUrl(fields.businessCertificateUrl),
  };
}

/** Whether the footer has anything of the identity to show. */
export function hasStoreIdentity(identity: StoreIdentity): boolean {
  return Object.values(identity).some((v) => v !== null);
}
