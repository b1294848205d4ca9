/** Messages of the input boundary (ICU syntax, i18next-icu), under Vendure's `error` namespace. */
export const inputBoundaryTranslations: Record<'en' | 'ar', { error: Record<string, string> }> = {
  en: {
    error: {
      'input-invalid-id': '"{field}" is not a valid ID.',
      'input-too-long': '"{field}" is too long (at most {max} characters).',
      'input-too-many-items': '"{field}" has too many items (at most {max}).',
      'input-invalid-characters': '"{field}" contains characters that are not allowed.',
      'input-int-out-of-range': '"{field}" must be a whole number from {min} to {max}.',
      'input-quantity-invalid': 'The quantity must be a whole number from {min} to {max}.',
      'input-invalid-value': 'The value of "{field}" is not valid.',
      'input-phone-invalid': '"{field}" is not a valid phone number.',
      'input-internal-error': 'Something went wrong on our side. Please try again. Reference: {errorId}',
    },
  },
  ar: {
    error: {
      'input-invalid-id': '«{field}» ليس معرّفًا صالحًا.',
      'input-too-long': '«{field}» أطول من المسموح (الحد الأقصى {max} حرفًا).',
      'input-too-many-items': '«{field}» يحتوي على عناصر أكثر من المسموح (الحد الأقصى {max}).',
      'input-invalid-characters': '«{field}» يحتوي على أحرف غير مسموح بها.',
      'input-int-out-of-range': '«{field}» يجب أن يكون عددًا صحيحًا من {min} إلى {max}.',
      'input-quantity-invalid': 'يجب أن تكون الكمية عددًا صحيحًا من {min} إلى {max}.',
      'input-invalid-value': 'قيمة «{field}» غير صالحة.',
      'input-phone-invalid': '«{field}» ليس رقم هاتف صالحًا.',
      'input-internal-error': 'حدث خطأ من جهتنا. يرجى المحاولة مرة أخرى. الرقم المرجعي: {errorId}',
    },
  },
};
