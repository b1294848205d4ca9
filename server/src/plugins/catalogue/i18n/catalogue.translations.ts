/** Messages of the catalogue plugin's error results (ICU syntax, i18next-icu), keyed by language. */
export const catalogueTranslations: Record<'en' | 'ar', Record<string, Record<string, string>>> = {
  en: {
    errorResult: {
      REVIEW_NOT_ALLOWED_SIGN_IN: 'Please sign in to review this product.',
      REVIEW_NOT_ALLOWED_ERROR: 'You can review a product only after you have ordered it.',
      REVIEW_ALREADY_SUBMITTED_ERROR: 'You have already reviewed this purchase.',
      REVIEW_INPUT_ERROR_RATING: 'Choose a rating from {min} to {max} stars.',
      REVIEW_INPUT_ERROR_SUMMARY: 'The title must be {min} to {max} characters long.',
      REVIEW_INPUT_ERROR_BODY: 'The review must be {min} to {max} characters long.',
    },
  },
  ar: {
    errorResult: {
      REVIEW_NOT_ALLOWED_SIGN_IN: 'يرجى تسجيل الدخول لتقييم هذا المنتج.',
      REVIEW_NOT_ALLOWED_ERROR: 'يمكنك تقييم المنتج بعد شرائه فقط.',
      REVIEW_ALREADY_SUBMITTED_ERROR: 'لقد قمت بتقييم هذه المشتريات من قبل.',
      REVIEW_INPUT_ERROR_RATING: 'اختر تقييمًا من {min} إلى {max} نجوم.',
      REVIEW_INPUT_ERROR_SUMMARY: 'يجب أن يتكون العنوان من {min} إلى {max} حرفًا.',
      REVIEW_INPUT_ERROR_BODY: 'يجب أن يتكون نص التقييم من {min} إلى {max} حرفًا.',
    },
  },
};
