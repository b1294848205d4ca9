export const paymentsTranslations = {
  en: {
    error: {
      'no-pending-card-payment': 'There is no card payment waiting for this order. Choose card payment first.',
    },
    payments: {
      eligibility: {
        installmentRange: 'Available for orders from {min} to {max}.',
        codMax: 'Cash on delivery is available for orders below {max}.',
      },
    },
  },
  ar: {
    error: {
      'no-pending-card-payment': 'لا يوجد دفع بالبطاقة بانتظار هذا الطلب. اختر الدفع بالبطاقة أولاً.',
    },
    payments: {
      eligibility: {
        installmentRange: 'متاح للطلبات من {min} إلى {max}.',
        codMax: 'الدفع عند الاستلام متاح للطلبات الأقل من {max}.',
      },
    },
  },
};
