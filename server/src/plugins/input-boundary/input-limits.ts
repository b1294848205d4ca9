import { isValidPhoneNumber } from 'libphonenumber-js/max';

/**
 * The per-field limit table of the Shop API input boundary (documented in this plugin's README).
 *
 * Keys: `Type.field` for input-object fields (`CreateAddressInput.streetLine1`) and
 * `Parent.field.argument` for field arguments (`Mutation.refreshVerify.emailAddress`).
 * String limits count code points. A string without an entry gets DEFAULT_STRING_MAX.
 * Limits a plugin checks itself with a field-specific error result (contactUs, reviews) are set
 * looser here, so the shopper keeps that friendlier answer and the boundary only stops abuse.
 */
export interface StringRule {
  max: number;
}

export interface IntRule {
  min: number;
  max: number;
  /** translation key (under `error.`) for a value out of range; default `input-int-out-of-range` */
  messageKey?: string;
}

export const DEFAULT_STRING_MAX = 1000;
/** Items in any list argument or list input field (IDs to merge, facet codes, shipping methods...). */
export const DEFAULT_LIST_MAX = 100;

const EMAIL = 254;
/** A new password (the store's password policy: 8–128). */
const PASSWORD = 128;
/** An existing password typed to sign in or confirm: looser, so a wrong one answers as wrong
 * (the storefront's sign-in form allows 200). */
const CURRENT_PASSWORD = 256;
const CODE = 16;
const TOKEN = 256;
const NAME = 100;
const PHONE = 40;
const FACET_CODE = 100;
const ORDER_CODE = 64;

const address = (type: string): Record<string, StringRule> => ({
  // the storefront sends first name + space + last name, each at most NAME
  [`${type}.fullName`]: { max: 2 * NAME + 1 },
  [`${type}.company`]: { max: 200 },
  [`${type}.streetLine1`]: { max: 300 },
  [`${type}.streetLine2`]: { max: 300 },
  [`${type}.city`]: { max: NAME },
  [`${type}.province`]: { max: NAME },
  [`${type}.postalCode`]: { max: 20 },
  [`${type}.countryCode`]: { max: 8 },
  [`${type}.phoneNumber`]: { max: PHONE },
});

export const STRING_LIMITS: Record<string, StringRule> = {
  // account plugin
  'Mutation.verifyAccount.code': { max: CODE },
  'Mutation.verifyAccount.email': { max: EMAIL },
  'Mutation.verifyAccount.password': { max: PASSWORD },
  'Mutation.refreshVerify.emailAddress': { max: EMAIL },
  'Mutation.requestPasswordResetCode.emailAddress': { max: EMAIL },
  'Mutation.verifyForgetpasswordCode.code': { max: CODE },
  'Mutation.verifyForgetpasswordCode.email': { max: EMAIL },
  'Mutation.changeUserPassword.resetToken': { max: TOKEN },
  'Mutation.changeUserPassword.password': { max: PASSWORD },
  'Mutation.verifyTheShippingAddress.code': { max: CODE },
  'ShopCancelOrderInput.orderCode': { max: ORDER_CODE },
  'ShopCancelOrderInput.reason': { max: 500 },
  'IdTokenAuthInput.token': { max: 8192 },
  'IdTokenAuthInput.provider': { max: 32 },
  // catalogue plugin
  'ProductFilterInput.categoryCode': { max: FACET_CODE },
  'ProductFilterInput.subCategoryCode': { max: FACET_CODE },
  'ProductFilterInput.brandCode': { max: FACET_CODE },
  'ProductFilterInput.facetValueCodes': { max: FACET_CODE },
  'ProductFilterInput.colorCodes': { max: FACET_CODE },
  'ProductFilterInput.term': { max: 200 },
  'Query.searchProducts.term': { max: 200 },
  'Query.facetValueByCode.code': { max: FACET_CODE },
  'Query.facetValueByCode.facetCode': { max: FACET_CODE },
  'Query.facetSubCategories.code': { max: FACET_CODE },
  'SubmitProductReviewInput.summary': { max: 300 }, // plugin: 3–100 → ReviewInputError
  'SubmitProductReviewInput.body': { max: 3000 }, // plugin: 10–1000 → ReviewInputError
  // content plugin
  'BannersInput.page': { max: FACET_CODE },
  'BannersInput.position': { max: FACET_CODE },
  'Query.cities.countryCode': { max: 8 },
  'ContactUsInput.name': { max: 200 }, // plugin: 2–80 → ContactUsInputError
  'ContactUsInput.emailAddress': { max: 320 }, // plugin: 254
  'ContactUsInput.phoneNumber': { max: PHONE },
  'ContactUsInput.subject': { max: 300 }, // plugin: 150
  'ContactUsInput.message': { max: 4000 }, // plugin: 10–2000
  // payments plugin
  'Mutation.getPayFortSignature.orderCode': { max: ORDER_CODE },
  // core operations the storefront calls
  ...address('CreateAddressInput'),
  ...address('UpdateAddressInput'),
  'RegisterCustomerInput.emailAddress': { max: EMAIL },
  'RegisterCustomerInput.title': { max: 50 },
  'RegisterCustomerInput.firstName': { max: NAME },
  'RegisterCustomerInput.lastName': { max: NAME },
  'RegisterCustomerInput.phoneNumber': { max: PHONE },
  'RegisterCustomerInput.password': { max: PASSWORD },
  'UpdateCustomerInput.title': { max: 50 },
  'UpdateCustomerInput.firstName': { max: NAME },
  'UpdateCustomerInput.lastName': { max: NAME },
  'UpdateCustomerInput.phoneNumber': { max: PHONE },
  'CreateCustomerInput.emailAddress': { max: EMAIL },
  'CreateCustomerInput.title': { max: 50 },
  'CreateCustomerInput.firstName': { max: NAME },
  'CreateCustomerInput.lastName': { max: NAME },
  'CreateCustomerInput.phoneNumber': { max: PHONE },
  'NativeAuthInput.username': { max: EMAIL },
  'NativeAuthInput.password': { max: CURRENT_PASSWORD },
  'Mutation.login.username': { max: EMAIL },
  'Mutation.login.password': { max: CURRENT_PASSWORD },
  'Mutation.requestPasswordReset.emailAddress': { max: EMAIL },
  'Mutation.resetPassword.token': { max: TOKEN },
  'Mutation.resetPassword.password': { max: PASSWORD },
  'Mutation.refreshCustomerVerification.emailAddress': { max: EMAIL },
  'Mutation.verifyCustomerAccount.token': { max: TOKEN },
  'Mutation.verifyCustomerAccount.password': { max: PASSWORD },
  'Mutation.updateCustomerPassword.currentPassword': { max: CURRENT_PASSWORD },
  'Mutation.updateCustomerPassword.newPassword': { max: PASSWORD },
  'Mutation.requestUpdateCustomerEmailAddress.password': { max: CURRENT_PASSWORD },
  'Mutation.requestUpdateCustomerEmailAddress.newEmailAddress': { max: EMAIL },
  'Mutation.updateCustomerEmailAddress.token': { max: TOKEN },
  'Mutation.applyCouponCode.couponCode': { max: ORDER_CODE },
  'Mutation.removeCouponCode.couponCode': { max: ORDER_CODE },
  'Mutation.transitionOrderToState.state': { max: ORDER_CODE },
  'PaymentInput.method': { max: ORDER_CODE },
  'Query.orderByCode.code': { max: ORDER_CODE },
  'Query.product.slug': { max: 200 },
  'Query.collection.slug': { max: 200 },
  'SearchInput.term': { max: 200 },
};

/** Quantities: at least 1 (removing a line is `removeOrderLine`), at most a sane ceiling; the
 * per-product cap of the cart-guards plugin answers its own, more specific message below it. */
export const MAX_QUANTITY = 10000;
const QUANTITY: IntRule = { min: 1, max: MAX_QUANTITY, messageKey: 'input-quantity-invalid' };

export const INT_LIMITS: Record<string, IntRule> = {
  'Mutation.addItemToOrder.quantity': QUANTITY,
  'Mutation.adjustOrderLine.quantity': QUANTITY,
  'AddItemInput.quantity': QUANTITY,
};

/**
 * Phone numbers an address carries to the order, the invoice and the e-mails (issue 32 §3): the
 * storefront's rule (its phone input, machines/schemas/phone.schema.ts) held here too, so no
 * client can store "123". Input `Type.field` keys; an empty value is left to the field's own rules.
 */
export const PHONE_FIELDS = new Set([
  'CreateAddressInput.phoneNumber',
  'UpdateAddressInput.phoneNumber',
  'CreateAddressCustomFieldsInput.receiverPhoneNumber',
  'UpdateAddressCustomFieldsInput.receiverPhoneNumber',
]);

/** E.164 (`+` and at most 15 digits), valid by libphonenumber's metadata; Saudi numbers by the national plan. */
export function isValidPhone(value: string): boolean {
  if (!/^\+[1-9]\d{1,14}$/.test(value)) return false;
  if (value.startsWith('+966')) return /^\+966(5\d{8}|1\d{7,8})$/.test(value);
  return isValidPhoneNumber(value);
}

/** With Vendure's default (auto-increment) ids an ID is a positive safe integer in decimal. */
export function isValidId(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0;
  return typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value) && Number(value) <= Number.MAX_SAFE_INTEGER;
}

/**
 * NUL and the other C0/C1 control characters (tab, line feed and carriage return allowed), and
 * UTF-16 surrogates that are not part of a pair (they cannot be stored or mailed as UTF-8).
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- the control characters are what it finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN.test(value);
}

/** Length in code points, stopping early once past `max` (a 100 KB value is not spread). */
export function exceedsLength(value: string, max: number): boolean {
  if (value.length <= max) return false;
  if (value.length > max * 2) return true;
  let n = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    // the low half of a surrogate pair does not count as a second character
    if (c >= 0xdc00 && c <= 0xdfff && i > 0 && value.charCodeAt(i - 1) >= 0xd800 && value.charCodeAt(i - 1) <= 0xdbff) continue;
    if (++n > max) return true;
  }
  return false;
}
