import { Asset, CustomFields, LanguageCode, Product } from '@vendure/core';

import { storeIdentityFields } from './store-identity';

/**
 * Custom fields — the names are the contract of docs/decisions/001-architecture.md
 * ("Backend data model"). Plugins and the storefront depend on them: add fields freely,
 * never rename. Internal fields are `public: false` (not exposed in the Shop API).
 */
const label = (en: string, ar: string) => [
  { languageCode: LanguageCode.en, value: en },
  { languageCode: LanguageCode.ar, value: ar },
];

export const customFields: CustomFields = {
  FacetValue: [
    { name: 'colorCode', type: 'string', nullable: true, label: label('Colour code', 'رمز اللون') },
    {
      name: 'parentCode',
      type: 'string',
      nullable: true,
      label: label('Parent category code', 'رمز الفئة الأم'),
      description: label(
        "Sub-category only: the code of its 'category' facet value",
        "للفئات الفرعية فقط: رمز قيمة الفئة الأم في خاصية 'category'",
      ),
    },
    { name: 'mainFeatureAsset', type: 'relation', entity: Asset, nullable: true, label: label('Main feature image', 'الصورة الرئيسية') },
    { name: 'cover', type: 'relation', entity: Asset, nullable: true, label: label('Cover image', 'صورة الغلاف') },
    { name: 'sortOrder', type: 'int', defaultValue: 0, label: label('Sort order', 'ترتيب العرض') },
    { name: 'showOnHome', type: 'boolean', defaultValue: false, label: label('Show on home page', 'إظهار في الصفحة الرئيسية') },
  ],
  Product: [
    { name: 'subTitle', type: 'localeString', nullable: true, label: label('Subtitle', 'العنوان الفرعي') },
    {
      name: 'variantType',
      type: 'string',
      defaultValue: 'simple',
      options: [{ value: 'simple' }, { value: 'color' }, { value: 'color-size' }],
      label: label('Variant type', 'نوع المتغيرات'),
    },
    { name: 'dropPrice', type: 'int', nullable: true, label: label('Drop price (halalas)', 'السعر المخفض (هللة)') },
    { name: 'newArrival', type: 'boolean', defaultValue: false, label: label('New arrival', 'وصل حديثاً') },
    // Kept by the catalogue plugin, read only by it: `internal` keeps them out of every GraphQL API
    // and so out of the admin's product form (issue 35 §6).
    {
      name: 'viewCount',
      type: 'int',
      defaultValue: 0,
      public: false,
      readonly: true,
      internal: true,
      label: label('View count', 'عدد المشاهدات'),
    },
    {
      name: 'searchText',
      type: 'localeText',
      nullable: true,
      public: false,
      readonly: true,
      internal: true,
      label: label('Search text (internal)', 'نص البحث (داخلي)'),
    },
  ],
  ProductVariant: [
    { name: 'default', type: 'boolean', defaultValue: false, label: label('Default variant', 'المتغير الافتراضي') },
    { name: 'startDate', type: 'datetime', nullable: true, label: label('Sale start', 'بداية التخفيض') },
    { name: 'endDate', type: 'datetime', nullable: true, label: label('Sale end', 'نهاية التخفيض') },
    {
      name: 'mainPrice',
      type: 'int',
      nullable: true,
      label: label('Main price (halalas, incl. VAT)', 'السعر الأصلي (هللة، شامل الضريبة)'),
    },
    { name: 'promoPrice', type: 'int', nullable: true, label: label('Promo price (halalas, incl. VAT)', 'سعر العرض (هللة، شامل الضريبة)') },
    { name: 'onSale', type: 'boolean', defaultValue: false, label: label('On sale', 'عليه تخفيض') },
  ],
  ProductOptionGroup: [
    {
      name: 'type',
      type: 'string',
      defaultValue: 'text',
      options: [{ value: 'color' }, { value: 'size' }, { value: 'text' }],
      label: label('Option type', 'نوع الخيار'),
    },
  ],
  ProductOption: [{ name: 'colorCode', type: 'string', nullable: true, label: label('Colour code', 'رمز اللون') }],
  Customer: [
    {
      name: 'favProducts',
      type: 'relation',
      entity: Product,
      list: true,
      readonly: true,
      public: false,
      label: label('Favourite products', 'المنتجات المفضلة'),
    },
    {
      // Set only by the account plugin's uploadImage (the uploader's own asset); readonly so the
      // customer cannot point it at another asset id.
      name: 'avatar',
      type: 'relation',
      entity: Asset,
      nullable: true,
      public: true,
      readonly: true,
      label: label('Avatar', 'الصورة الشخصية'),
    },
  ],
  Address: [
    {
      name: 'type',
      type: 'string',
      nullable: true,
      options: [{ value: 'home' }, { value: 'work' }, { value: 'other' }],
      label: label('Address type', 'نوع العنوان'),
    },
    { name: 'cityCode', type: 'string', nullable: true, label: label('City code', 'رمز المدينة') },
    { name: 'instructions', type: 'text', nullable: true, label: label('Delivery instructions', 'تعليمات التوصيل') },
    {
      // Set only by the account plugin after a code check — never by the customer.
      name: 'verifiedShippingAddress',
      type: 'boolean',
      defaultValue: false,
      readonly: true,
      label: label('Verified shipping address', 'عنوان شحن موثق'),
    },
    { name: 'receiverPhoneNumber', type: 'string', nullable: true, label: label('Receiver phone', 'هاتف المستلم') },
    { name: 'isGiftCart', type: 'boolean', defaultValue: false, label: label('Gift', 'هدية') },
    { name: 'firstName', type: 'string', nullable: true, label: label('First name', 'الاسم الأول') },
    { name: 'lastName', type: 'string', nullable: true, label: label('Last name', 'اسم العائلة') },
  ],
  // Set by the common plugin's order-access rule (docs/decisions/011-order-access.md); never exposed.
  Order: [{ name: 'placedInSessionId', type: 'string', nullable: true, internal: true }],
  // The store's legal identity, set by the owner (config/store-identity.ts, decision 030).
  Channel: storeIdentityFields,
  PaymentMethod: [
    { name: 'asset', type: 'relation', entity: Asset, nullable: true, label: label('Logo', 'الشعار') },
    { name: 'discount', type: 'int', nullable: true, label: label('Discount (%)', 'الخصم (٪)') },
    { name: 'increment', type: 'int', nullable: true, label: label('Surcharge (halalas)', 'رسوم إضافية (هللة)') },
  ],
  // Delivery time in working days: the shipping step, the product page and the cart all show it
  // (Query.deliveryTimes); unset on a method = no estimate shown for it.
  ShippingMethod: [
    { name: 'minDeliveryDays', type: 'int', nullable: true, min: 0, label: label('Delivery from (working days)', 'التوصيل من (أيام عمل)') },
    {
      name: 'maxDeliveryDays',
      type: 'int',
      nullable: true,
      min: 0,
      label: label('Delivery up to (working days)', 'التوصيل حتى (أيام عمل)'),
    },
  ],
};
