import * as v from 'valibot';
import { ADDRESS_LIMITS } from './limits';
import type { Address, CreateAddressInput } from '../../services/account.service';
import { validateFields } from './field-errors';
import { DEFAULT_PHONE_COUNTRY, emptyPhone, optionalPhone, requiredPhone, type PhoneValue } from './phone.schema';
import { allowedCharacters } from './text-rules';

export type AddressMessageId =
  | 'address.firstName.required'
  | 'address.name.tooLong'
  | 'address.street.required'
  | 'address.street.tooLong'
  | 'address.city.required'
  | 'address.postalCode.invalid'
  | 'address.phone.required'
  | 'address.phone.invalid'
  | 'address.receiverPhone.required'
  | 'address.receiverPhone.invalid'
  | 'address.instructions.tooLong'
  | 'address.text.invalidCharacters';

export { ADDRESS_LIMITS };
export const ADDRESS_TYPES = ['home', 'work', 'other'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

const id = (m: AddressMessageId) => m;
const invalidText = allowedCharacters(id('address.text.invalidCharacters'));

const name = (required: AddressMessageId) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(required), v.maxLength(ADDRESS_LIMITS.nameMax, id('address.name.tooLong')), invalidText);
// Optional (decision 033): addresses saved with one full name ("Omar") must still open and save.
const optionalName = v.pipe(v.string(), v.trim(), v.maxLength(ADDRESS_LIMITS.nameMax, id('address.name.tooLong')), invalidText);

export const addressSchema = v.pipe(
  v.object({
    firstName: name(id('address.firstName.required')),
    lastName: optionalName,
    streetLine1: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty(id('address.street.required')),
      v.maxLength(ADDRESS_LIMITS.streetMax, id('address.street.tooLong')),
      invalidText,
    ),
    streetLine2: v.pipe(v.string(), v.trim(), v.maxLength(ADDRESS_LIMITS.streetMax, id('address.street.tooLong')), invalidText),
    countryCode: v.pipe(v.string(), v.length(2)),
    cityCode: v.string(),
    /** The city as an older address has it (free text, no code): kept until a city is chosen. */
    cityName: v.pipe(v.string(), v.trim()),
    postalCode: v.pipe(v.string(), v.trim()),
    phone: requiredPhone(id('address.phone.required'), id('address.phone.invalid')),
    receiverPhone: optionalPhone(id('address.receiverPhone.invalid')),
    isGiftCart: v.boolean(),
    instructions: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(ADDRESS_LIMITS.instructionsMax, id('address.instructions.tooLong')),
      invalidText,
    ),
    type: v.picklist(ADDRESS_TYPES),
    defaultShippingAddress: v.boolean(),
  }),
  // Saudi national addresses have 5-digit postal codes; elsewhere a short alphanumeric code.
  v.forward(
    v.partialCheck(
      [['postalCode'], ['countryCode']],
      (a) => a.postalCode === '' || (a.countryCode === 'SA' ? /^\d{5}$/.test(a.postalCode) : /^[A-Za-z0-9 -]{2,10}$/.test(a.postalCode)),
      id('address.postalCode.invalid'),
    ),
    ['postalCode'],
  ),
  // The city comes from `cities(countryCode)`; only an older address may keep its own city text.
  v.forward(
    v.partialCheck([['cityCode'], ['cityName']], (a) => a.cityCode !== '' || a.cityName !== '', id('address.city.required')),
    ['cityCode'],
  ),
  // A gift goes to someone else: the courier needs the receiver's phone.
  v.forward(
    v.partialCheck(
      [['isGiftCart'], ['receiverPhone']],
      (a) => !a.isGiftCart || a.receiverPhone !== '',
      id('address.receiverPhone.required'),
    ),
    ['receiverPhone'],
  ),
);

export type AddressFormValues = v.InferInput<typeof addressSchema>;
export type AddressFormOutput = v.InferOutput<typeof addressSchema>;
export type AddressField = keyof AddressFormValues;
export type AddressErrors = Partial<Record<AddressField, AddressMessageId>>;

export const validateAddress = (input: AddressFormValues) => validateFields<typeof addressSchema, AddressMessageId>(addressSchema, input);

export const emptyAddressValues = (countryCode = DEFAULT_PHONE_COUNTRY): AddressFormValues => ({
  firstName: '',
  lastName: '',
  streetLine1: '',
  streetLine2: '',
  countryCode,
  cityCode: '',
  cityName: '',
  postalCode: '',
  phone: emptyPhone(),
  receiverPhone: emptyPhone(),
  isGiftCart: false,
  instructions: '',
  type: 'home',
  defaultShippingAddress: false,
});

const phoneOf = (e164: string | null | undefined, country: string): PhoneValue => ({ e164: e164 ?? '', country });

/**
 * First and last name of a saved address: its own fields, else its full name split at the first
 * space (an address saved with one name only, e.g. by the old checkout form, keeps it as the first).
 */
function namesOf(address: Address): { firstName: string; lastName: string } {
  const custom = address.customFields;
  if (custom?.firstName) return { firstName: custom.firstName, lastName: custom.lastName ?? '' };
  const full = (address.fullName ?? '').trim().replace(/\s+/g, ' ');
  const space = full.indexOf(' ');
  return space < 0 ? { firstName: full, lastName: '' } : { firstName: full.slice(0, space), lastName: full.slice(space + 1) };
}

/** A saved address as form values (editing). */
export function addressToValues(address: Address): AddressFormValues {
  const country = address.country.code;
  const custom = address.customFields;
  const type = ADDRESS_TYPES.find((t) => t === custom?.type) ?? 'home';
  const cityCode = custom?.cityCode || address.cityDetails?.CityCode || '';
  return {
    ...namesOf(address),
    streetLine1: address.streetLine1,
    streetLine2: address.streetLine2 ?? '',
    countryCode: country,
    cityCode,
    cityName: cityCode ? '' : (address.city ?? ''),
    postalCode: address.postalCode ?? '',
    phone: phoneOf(address.phoneNumber, country),
    receiverPhone: phoneOf(custom?.receiverPhoneNumber, country),
    isGiftCart: custom?.isGiftCart ?? false,
    instructions: custom?.instructions ?? '',
    type,
    defaultShippingAddress: address.defaultShippingAddress ?? false,
  };
}

/** Valid form values as the Shop API input; `cityName` is the picked city's name (or the kept one). */
export function valuesToAddressInput(value: AddressFormOutput, cityName: string): CreateAddressInput {
  return {
    fullName: [value.firstName, value.lastName].filter(Boolean).join(' '),
    streetLine1: value.streetLine1,
    // Vendure's address columns are NOT NULL with '' as default: an empty line is '', never null.
    streetLine2: value.streetLine2,
    city: cityName,
    postalCode: value.postalCode,
    countryCode: value.countryCode,
    phoneNumber: value.phone,
    defaultShippingAddress: value.defaultShippingAddress,
    defaultBillingAddress: value.defaultShippingAddress,
    customFields: {
      type: value.type,
      cityCode: value.cityCode || null,
      instructions: value.instructions || null,
      receiverPhoneNumber: value.receiverPhone || null,
      isGiftCart: value.isGiftCart,
      firstName: value.firstName,
      lastName: value.lastName,
    },
  };
}

/**
 * The form's values checked by the schema and, when valid, as the Shop API input: the city's name
 * is the chosen city's (from `cities`), or the text an older address kept.
 */
export function addressInputOf(
  values: AddressFormValues,
  cities: readonly { code: string; name: string }[],
): { ok: true; input: CreateAddressInput } | { ok: false; errors: AddressErrors } {
  const result = validateAddress(values);
  if (!result.ok) return result;
  const city = result.value.cityCode
    ? (cities.find((c) => c.code === result.value.cityCode)?.name ?? result.value.cityCode)
    : result.value.cityName;
  return { ok: true, input: valuesToAddressInput(result.value, city) };
}
