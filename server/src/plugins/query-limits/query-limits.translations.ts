/** Messages of the query limits (ICU syntax, i18next-icu), under Vendure's `error` namespace. */
export const queryLimitsTranslations: Record<'en' | 'ar', { error: Record<string, string> }> = {
  en: {
    error: {
      'query-too-costly':
        'This query asks for too much at once (an estimated {cost} values; the limit is {max}). Ask for fewer items or fewer fields.',
      'query-timeout': 'This request took longer than {seconds} s and was stopped. Please try again, or ask for less.',
    },
  },
  ar: {
    error: {
      'query-too-costly': 'هذا الاستعلام يطلب الكثير دفعة واحدة (نحو {cost} قيمة، والحد {max}). اطلب عناصر أو حقولًا أقل.',
      'query-timeout': 'استغرق هذا الطلب أكثر من {seconds} ثانية فأُوقف. يرجى المحاولة مرة أخرى أو طلب بيانات أقل.',
    },
  },
};
