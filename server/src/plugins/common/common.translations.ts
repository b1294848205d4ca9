/** Messages for the error results defined by the common plugin (ICU syntax, i18next-icu). */
export const commonTranslations: Record<'en' | 'ar', Record<string, Record<string, string>>> = {
  en: {
    errorResult: {
      RATE_LIMIT_ERROR: 'Too many attempts. Please try again in {retryAfterSeconds} seconds.',
    },
  },
  ar: {
    errorResult: {
      RATE_LIMIT_ERROR: 'محاولات كثيرة جدًا. يرجى المحاولة مرة أخرى بعد {retryAfterSeconds} ثانية.',
    },
  },
};
