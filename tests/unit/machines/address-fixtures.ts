import type { Address } from '../../../services/account.service';
import type { City } from '../../../machines/addresses.machine';

/** A saved Saudi address as the Shop API returns it (AddressFields). */
export function savedAddress(id: string, over: { default?: boolean; verified?: boolean; cityCode?: string } = {}): Address {
  return {
    id,
    fullName: 'Sara Qahtani',
    company: null,
    streetLine1: `King Fahd Road ${id}`,
    streetLine2: null,
    city: 'الرياض',
    province: null,
    postalCode: '12211',
    phoneNumber: '+966501234567',
    defaultShippingAddress: over.default ?? false,
    defaultBillingAddress: over.default ?? false,
    country: { id: '1', code: 'SA', name: 'Saudi Arabia' },
    cityDetails: null,
    customFields: {
      type: 'work',
      cityCode: over.cityCode ?? 'RUH',
      instructions: 'Call on arrival',
      verifiedShippingAddress: over.verified ?? false,
      receiverPhoneNumber: null,
      isGiftCart: false,
      firstName: 'Sara',
      lastName: 'Qahtani',
    },
  };
}

export const riyadh: City = { id: '1', code: 'RUH', name: 'الرياض', countryCode: 'SA', translations: [] };
export const jeddah: City = { id: '2', code: 'JED', name: 'جدة', countryCode: 'SA', translations: [] };
