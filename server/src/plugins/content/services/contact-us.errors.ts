import { ErrorResult } from '@vendure/core/dist/common/error/generated-graphql-shop-errors';

export type ContactUsField = 'name' | 'emailAddress' | 'phoneNumber' | 'subject' | 'message';

/**
 * Shop API `ContactUsInputError`. Extends core's ErrorResult so that Vendure's
 * TranslateErrorResultInterceptor translates `message` (key `errorResult.<message>`, ICU
 * variables `min`/`max`) into the request language, as it does for core error results.
 */
export class ContactUsInputError extends ErrorResult {
  readonly __typename = 'ContactUsInputError';
  readonly errorCode = 'CONTACT_US_INPUT_ERROR' as any;
  readonly message: string;
  readonly field: ContactUsField;
  readonly min?: number;
  readonly max?: number;

  constructor(input: { field: ContactUsField; messageKey: string; min?: number; max?: number }) {
    super();
    this.field = input.field;
    this.message = input.messageKey;
    this.min = input.min;
    this.max = input.max;
  }
}

/** Translations registered with Vendure's I18nService at bootstrap. */
export const contactUsErrorTranslations = {
  en: {
    errorResult: {
      CONTACT_US_NAME_LENGTH: 'Please enter your name ({min} to {max} characters).',
      CONTACT_US_EMAIL_INVALID: 'Please enter a valid email address.',
      CONTACT_US_PHONE_INVALID: 'Please enter a valid phone number, e.g. +966512345678.',
      CONTACT_US_SUBJECT_LENGTH: 'The subject can be at most {max} characters long.',
      CONTACT_US_MESSAGE_LENGTH: 'Please write a message of {min} to {max} characters.',
    },
  },
  ar: {
    errorResult: {
      CONTACT_US_NAME_LENGTH: 'يرجى إدخال اسمك (من {min} إلى {max} حرفًا).',
      CONTACT_US_EMAIL_INVALID: 'يرجى إدخال بريد إلكتروني صحيح.',
      CONTACT_US_PHONE_INVALID: 'يرجى إدخال رقم جوال صحيح، مثل ‎+966512345678.',
      CONTACT_US_SUBJECT_LENGTH: 'يجب ألا يزيد الموضوع عن {max} حرفًا.',
      CONTACT_US_MESSAGE_LENGTH: 'يرجى كتابة رسالة من {min} إلى {max} حرفًا.',
    },
  },
};
