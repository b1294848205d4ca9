/**
 * Messages of the account plugin (i18next + ICU). `errorResult.*` keys translate our error
 * results' `message`; `account.*` keys are used through ctx.translate().
 */
export const accountTranslations = {
  en: {
    errorResult: {
      VERIFICATION_CODE_INVALID_ERROR:
        '{attemptsLeft, plural, =0 {This code is no longer valid. Please request a new code.} one {The code is incorrect. You have # attempt left.} other {The code is incorrect. You have # attempts left.}}',
      CANCEL_ORDER_NOT_FOUND: 'Order not found.',
      CANCEL_ORDER_NOT_CANCELLABLE: 'This order can no longer be cancelled.',
      UPLOAD_IMAGE_TOO_LARGE: 'The image is too large. The maximum size is {maxSizeMb} MB.',
      UPLOAD_IMAGE_UNSUPPORTED_TYPE: 'Unsupported file. Please upload a JPEG, PNG or WebP image.',
      UPLOAD_IMAGE_EMPTY: 'The file is empty.',
      UPLOAD_IMAGE_UNREADABLE: 'The image could not be read. It may be damaged; please choose another image.',
    },
    account: {
      passwordPolicy: 'The password must have at least {min} characters, including a letter and a digit.',
      passwordRequired: 'Please choose a password to activate your account.',
      socialLogin: {
        invalidToken: 'Sign-in with this provider failed. Please try again.',
        unknownProvider: 'This sign-in provider is not available.',
        emailNotVerified: 'Your e-mail address is not verified with this provider.',
      },
    },
  },
  ar: {
    errorResult: {
      VERIFICATION_CODE_INVALID_ERROR:
        '{attemptsLeft, plural, =0 {لم يعد هذا الرمز صالحًا. يرجى طلب رمز جديد.} one {الرمز غير صحيح. تبقّت لك محاولة واحدة.} two {الرمز غير صحيح. تبقّت لك محاولتان.} few {الرمز غير صحيح. تبقّت لك # محاولات.} other {الرمز غير صحيح. تبقّت لك # محاولة.}}',
      CANCEL_ORDER_NOT_FOUND: 'الطلب غير موجود.',
      CANCEL_ORDER_NOT_CANCELLABLE: 'لم يعد بالإمكان إلغاء هذا الطلب.',
      UPLOAD_IMAGE_TOO_LARGE: 'حجم الصورة كبير جدًا. الحد الأقصى {maxSizeMb} ميغابايت.',
      UPLOAD_IMAGE_UNSUPPORTED_TYPE: 'نوع الملف غير مدعوم. يرجى رفع صورة بصيغة JPEG أو PNG أو WebP.',
      UPLOAD_IMAGE_EMPTY: 'الملف فارغ.',
      UPLOAD_IMAGE_UNREADABLE: 'تعذّرت قراءة الصورة. قد تكون تالفة؛ يرجى اختيار صورة أخرى.',
    },
    account: {
      passwordPolicy: 'يجب أن تتكون كلمة المرور من {min} أحرف على الأقل وأن تحتوي على حرف ورقم.',
      passwordRequired: 'يرجى اختيار كلمة مرور لتفعيل حسابك.',
      socialLogin: {
        invalidToken: 'تعذّر تسجيل الدخول عبر هذا المزوّد. يرجى المحاولة مرة أخرى.',
        unknownProvider: 'مزوّد تسجيل الدخول هذا غير متاح.',
        emailNotVerified: 'بريدك الإلكتروني غير موثّق لدى هذا المزوّد.',
      },
    },
  },
};
