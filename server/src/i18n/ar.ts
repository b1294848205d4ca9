/**
 * Arabic (Modern Standard Arabic) messages for Vendure's ErrorResults, errors and messages.
 * Keys mirror node_modules/@vendure/core/dist/i18n/messages/en.json; ICU syntax (Arabic plural
 * categories: zero, one, two, few, many, other). Loaded by the I18nArPlugin via
 * I18nService.addTranslation('ar', ...). Our own plugins may add keys with their own
 * addTranslation calls (i18next merges resources).
 */
export const arMessages = {
    errorResult: {
        ALREADY_LOGGED_IN_ERROR: 'لا يمكن تعيين عميل للطلب أثناء تسجيل الدخول بالفعل',
        ALREADY_REFUNDED_ERROR: 'لا يمكن استرداد مبلغ عنصر تم استرداده مسبقاً',
        CANCEL_ACTIVE_ORDER_ERROR: 'لا يمكن إلغاء بنود طلب في الحالة "{ orderState }"',
        CANCEL_PAYMENT_ERROR: 'تعذّر إلغاء عملية الدفع',
        CHANNEL_DEFAULT_LANGUAGE_ERROR:
            'لا يمكن إلغاء تفعيل اللغة "{ language }" لأنها اللغة الافتراضية للقناة "{ channelCode }"',
        COUPON_CODE_EXPIRED_ERROR: 'انتهت صلاحية رمز القسيمة "{ couponCode }"',
        COUPON_CODE_INVALID_ERROR: 'رمز القسيمة "{ couponCode }" غير صالح',
        COUPON_CODE_LIMIT_ERROR:
            'لا يمكن استخدام رمز القسيمة أكثر من {limit, plural, zero {# مرة} one {مرة واحدة} two {مرتين} few {# مرات} many {# مرة} other {# مرة}} لكل عميل',
        CREATE_FULFILLMENT_ERROR: 'حدث خطأ أثناء إنشاء عملية التجهيز',
        DUPLICATE_ENTITY_ERROR: 'تعذّر نسخ العنصر',
        EMAIL_ADDRESS_CONFLICT_ERROR: 'عنوان البريد الإلكتروني هذا غير متاح.',
        EMPTY_ORDER_LINE_SELECTION_ERROR: 'يجب تحديد بند واحد على الأقل من بنود الطلب',
        FACET_IN_USE_ERROR:
            'الخاصية "{ facetCode }" تحتوي على قيم مرتبطة بـ {productCount, plural, =0 {} one {منتج واحد} two {منتجين} few {# منتجات} many {# منتجاً} other {# منتج}} {variantCount, plural, =0 {} one {ومتغير واحد} two {ومتغيرين} few {و# متغيرات} many {و# متغيراً} other {و# متغير}}',
        IDENTIFIER_CHANGE_TOKEN_INVALID_ERROR: 'رمز تغيير البريد الإلكتروني غير معروف',
        INELIGIBLE_SHIPPING_METHOD_ERROR: 'طريقة الشحن المختارة غير متاحة لهذا الطلب',
        INSUFFICIENT_STOCK_ERROR:
            '{quantityAvailable, plural, =0 {لم تتم إضافة أي قطعة إلى الطلب} one {تمت إضافة قطعة واحدة فقط إلى الطلب} two {تمت إضافة قطعتين فقط إلى الطلب} few {تمت إضافة # قطع فقط إلى الطلب} many {تمت إضافة # قطعة فقط إلى الطلب} other {تمت إضافة # قطعة فقط إلى الطلب}} بسبب عدم كفاية المخزون',
        INSUFFICIENT_STOCK_ON_HAND_ERROR:
            'لا يمكن تجهيز الطلب لأن المخزون المتوفر من "{productVariantName}" غير كافٍ ({stockOnHand})',
        INVALID_CREDENTIALS_ERROR: 'بيانات الدخول غير صحيحة',
        ITEMS_ALREADY_FULFILLED_ERROR: 'بعض عناصر الطلب مُجهّزة بالفعل',
        LANGUAGE_NOT_AVAILABLE_ERROR: 'اللغة "{languageCode}" غير متاحة. فعّلها أولاً من الإعدادات العامة ثم أعد المحاولة',
        MANUAL_PAYMENT_STATE_ERROR:
            'لا يمكن إضافة دفعة يدوية إلا عندما يكون الطلب في حالة "ArrangingPayment" أو "ArrangingAdditionalPayment"',
        MIME_TYPE_ERROR: 'نوع الملف "{ mimeType }" غير مسموح به.',
        MISSING_CONDITIONS_ERROR: 'يجب أن يحتوي العرض الترويجي على شرط واحد على الأقل أو رمز قسيمة',
        MISSING_PASSWORD_ERROR: 'يجب إدخال كلمة المرور.',
        NEGATIVE_QUANTITY_ERROR: 'لا يمكن أن تكون الكمية سالبة',
        NO_ACTIVE_ORDER_ERROR: 'لا يوجد طلب نشط مرتبط بالجلسة الحالية',
        NOTHING_TO_REFUND_ERROR: 'لا يوجد ما يمكن استرداده',
        NOT_VERIFIED_ERROR: 'يرجى توثيق عنوان البريد الإلكتروني قبل تسجيل الدخول',
        // The cart guards' interceptors answer in the request language already: pass their text on
        // (the same as cart-guards.plugin.ts sets, so plugin order does not matter).
        ORDER_INTERCEPTOR_ERROR: '{interceptorError}',
        ORDER_LIMIT_ERROR:
            'لا يمكن إضافة المزيد من المنتجات. الحد الأقصى للطلب الواحد هو {maxItems, plural, one {قطعة واحدة} two {قطعتان} few {# قطع} many {# قطعة} other {# قطعة}}',
        ORDER_MODIFICATION_ERROR: 'لا يمكن تعديل محتويات الطلب إلا عندما يكون في مرحلة إضافة المنتجات',
        ORDER_PAYMENT_STATE_ERROR: 'لا يمكن إضافة دفعة إلا عندما يكون الطلب في مرحلة الدفع',
        ORDER_STATE_TRANSITION_ERROR: 'لا يمكن نقل الطلب من الحالة "{ fromState }" إلى الحالة "{ toState }"',
        PASSWORD_ALREADY_SET_ERROR: 'تم تعيين كلمة المرور مسبقاً أثناء التسجيل',
        PASSWORD_RESET_TOKEN_EXPIRED_ERROR: 'انتهت صلاحية رمز إعادة تعيين كلمة المرور',
        PASSWORD_RESET_TOKEN_INVALID_ERROR: 'رمز إعادة تعيين كلمة المرور غير معروف',
        PASSWORD_VALIDATION_ERROR: 'كلمة المرور غير صالحة',
        PAYMENT_DECLINED_ERROR: 'تم رفض عملية الدفع',
        PAYMENT_FAILED_ERROR: 'فشلت عملية الدفع',
        PAYMENT_ORDER_MISMATCH_ERROR: 'الدفعة وبنود الطلب لا تنتمي إلى الطلب نفسه',
        PAYMENT_STATE_TRANSITION_ERROR: 'لا يمكن نقل الدفعة من الحالة "{ fromState }" إلى الحالة "{ toState }"',
        PRODUCT_OPTION_GROUP_IN_USE_ERROR:
            'لا يمكن إزالة مجموعة الخيارات "{ optionGroupCode }" من القناة لأنها مستخدمة في {productCount, plural, one {منتج واحد} two {منتجين} few {# منتجات} many {# منتجاً} other {# منتج}} و{variantCount, plural, one {متغير واحد} two {متغيرين} few {# متغيرات} many {# متغيراً} other {# متغير}}',
        PRODUCT_OPTION_IN_USE_ERROR:
            'لا يمكن إزالة مجموعة الخيارات "{ optionGroupCode }" لأنها مستخدمة في {productVariantCount, plural, one {متغير واحد} two {متغيرين} few {# متغيرات} many {# متغيراً} other {# متغير}}. استخدم الخيار `force` لإزالتها على أي حال',
        QUANTITY_TOO_GREAT_ERROR: 'الكمية المحددة أكبر من عدد العناصر المتاحة في الطلب',
        REFUND_AMOUNT_ERROR: 'المبلغ المحدد يتجاوز المبلغ القابل للاسترداد لهذه الدفعة',
        REFUND_ORDER_STATE_ERROR: 'لا يمكن استرداد مبلغ طلب في الحالة "{ orderState }"',
        SETTLE_PAYMENT_ERROR: 'تعذّر إتمام تحصيل الدفعة',
        VERIFICATION_TOKEN_EXPIRED_ERROR: 'انتهت صلاحية رمز التحقق. اطلب رمزاً جديداً.',
        VERIFICATION_TOKEN_INVALID_ERROR: 'رمز التحقق غير معروف',
        NATIVE_AUTH_STRATEGY_ERROR: 'تسجيل الدخول بالبريد الإلكتروني وكلمة المرور غير مُفعّل',
        GUEST_CHECKOUT_ERROR: 'لا يمكن إتمام الطلب كزائر',
        COUPON_REMOVED_DURING_CHECKOUT_ERROR: 'تمت إزالة رمز القسيمة "{ couponCode }" من الطلب لأنه لم يعد صالحاً',
        IDENTIFIER_CHANGE_TOKEN_EXPIRED_ERROR: 'انتهت صلاحية رمز تغيير البريد الإلكتروني',
        INELIGIBLE_PAYMENT_METHOD_ERROR: 'طريقة الدفع المختارة غير متاحة لهذا الطلب',
    },
    error: {
        'active-user-does-not-have-sufficient-permissions': 'المستخدم الحالي لا يملك الصلاحيات الكافية',
        'cannot-locate-customer-for-user': 'تعذّر العثور على العميل المرتبط بهذا المستخدم',
        'cannot-transition-payment-from-to': 'لا يمكن نقل الدفعة من الحالة "{ fromState }" إلى الحالة "{ toState }"',
        'channel-not-found': 'لا توجد قناة بالرمز "{ token }"',
        'collection-id-or-slug-must-be-provided': 'يجب تحديد معرّف المجموعة أو الرابط المختصر لها',
        'collection-id-slug-mismatch': 'المعرّف والرابط المختصر المحددان يشيران إلى مجموعتين مختلفتين',
        'configurable-argument-is-required': 'الوسيط "{ name }" مطلوب',
        'country-code-not-valid': 'رمز الدولة "{ countryCode }" غير معروف',
        'currency-not-available-in-channel': 'العملة "{ currencyCode }" غير متاحة في القناة الحالية',
        'default-channel-not-found': 'لم يتم العثور على القناة الافتراضية',
        'entity-has-no-translation-in-language':
            'العنصر "{ entityName }" غير مترجم إلى اللغة المطلوبة ({ languageCode })',
        'entity-with-id-not-found': 'لا يوجد عنصر { entityName } بالمعرّف "{ id }"',
        'facetfilterinput-invalid-input': 'لا يجوز أن يحدد عامل تصفية قيم الخصائص الحقلين "and" و"or" معاً',
        'field-invalid-datetime-range-max': 'قيمة الحقل "{ name }" [{ value }] أكبر من الحد الأقصى [{ max }]',
        'field-invalid-datetime-range-min': 'قيمة الحقل "{ name }" [{ value }] أقل من الحد الأدنى [{ min }]',
        'field-invalid-non-nullable': 'لا يمكن ترك قيمة الحقل "{ name }" فارغة',
        'field-invalid-no-permission': 'لا تملك صلاحية تعديل الحقل "{ name }"',
        'field-invalid-number-range-max': 'قيمة الحقل "{ name }" [{ value }] أكبر من الحد الأقصى [{ max }]',
        'field-invalid-number-range-min': 'قيمة الحقل "{ name }" [{ value }] أقل من الحد الأدنى [{ min }]',
        'field-invalid-readonly': 'الحقل "{ name }" للقراءة فقط',
        'field-invalid-string-option':
            'قيمة الحقل "{ name }" ["{ value }"] غير صالحة. القيم المسموح بها: [{ validOptions }]',
        'field-invalid-string-pattern': 'قيمة الحقل "{ name }" ["{ value }"] لا تطابق النمط [{ pattern }]',
        forbidden: 'غير مصرّح لك بتنفيذ هذا الإجراء',
        'invalid-sort-field': 'حقل الترتيب "{ fieldName }" غير صالح. الحقول المسموح بها: { validFields }',
        'list-query-limit-exceeded': 'لا يمكن جلب أكثر من { limit } نتيجة في الاستعلام الواحد',
        'no-active-tax-zone': 'تعذّر تحديد منطقة الضريبة النشطة',
        'no-configurable-operation-def-with-code-found': 'لا يوجد { type } بالرمز "{ code }"',
        'no-price-found-for-channel': 'لا يوجد سعر للمتغير "{ variantId}" في القناة "{ channel }".',
        'no-search-plugin-configured': 'لم يتم إعداد إضافة البحث',
        'order-could-not-be-determined-or-created': 'تعذّر تحديد طلب نشط أو إنشاؤه',
        'order-does-not-contain-line-with-id': 'لا يحتوي هذا الطلب على بند بالمعرّف { id }',
        'pending-identifier-missing': 'تعذّر العثور على عنوان البريد الإلكتروني الجديد المطلوب تحديثه',
        'product-id-or-slug-must-be-provided': 'يجب تحديد معرّف المنتج أو الرابط المختصر له',
        'product-id-slug-mismatch': 'المعرّف والرابط المختصر المحددان يشيران إلى منتجين مختلفين',
        'product-variant-option-ids-not-compatible':
            'يجب أن تتضمن خيارات المتغير خياراً واحداً من كل مجموعة: {groupNames}',
        'product-variant-options-combination-already-exists': 'يوجد متغير بالخيارات المحددة بالفعل: {variantName}',
        'regex-filter-pattern-too-long': 'نمط التصفية يتجاوز الحد الأقصى المسموح به وهو { max } حرفاً',
        'regex-filter-pattern-unsafe': 'نمط التصفية غير مسموح به لأنه قد يستهلك موارد مفرطة',
        'stockonhand-cannot-be-negative': 'لا يمكن أن يكون المخزون المتوفر قيمة سالبة',
        'target-customer-not-assigned-to-order-channels':
            'العميل المستهدف غير مرتبط بقنوات الطلب نفسها. معرّفات القنوات المفقودة: { missingChannelIds }',
        unauthorized: 'بيانات الدخول غير مطابقة. يرجى التحقق والمحاولة مرة أخرى',
        'unverified-external-email-conflict':
            'لا يمكن ربط طريقة دخول خارجية غير موثقة بحساب قائم يحمل عنوان البريد الإلكتروني نفسه',
    },
    message: {
        'cannot-transition-order-contains-products-which-are-unavailable':
            'لا يمكن الانتقال إلى "{ toState }" لأن الطلب يحتوي على منتجات لم تعد متاحة',
        'cannot-transition-from-arranging-additional-payment':
            'لا يمكن الخروج من مرحلة الدفع الإضافي ما لم تغطِّ الدفعات إجمالي الطلب',
        'cannot-transition-order-from-to': 'لا يمكن نقل الطلب من الحالة "{ fromState }" إلى الحالة "{ toState }"',
        'cannot-transition-no-additional-payments-needed': 'لا يمكن الانتقال إلى مرحلة الدفع الإضافي لعدم الحاجة إلى دفعات إضافية',
        'cannot-transition-to-shipping-when-order-is-empty': 'لا يمكن الانتقال إلى مرحلة الشحن والطلب فارغ',
        'cannot-transition-to-payment-due-to-insufficient-stock':
            'لا يمكن الانتقال إلى مرحلة الدفع لعدم كفاية المخزون من { productVariantNames }',
        'cannot-transition-to-payment-without-customer': 'لا يمكن الانتقال إلى مرحلة الدفع دون بيانات العميل',
        'cannot-transition-to-payment-without-shipping-method': 'لا يمكن الانتقال إلى مرحلة الدفع دون اختيار طريقة الشحن',
        'cannot-transition-unless-all-cancelled': 'لا يمكن إلغاء الطلب ما لم تُلغَ جميع عناصره',
        'cannot-transition-without-authorized-payments':
            'لا يمكن نقل الطلب إلى حالة "تم تفويض الدفع" ما لم تغطِّ الدفعات المفوَّضة إجمالي الطلب',
        'cannot-transition-without-settled-payments':
            'لا يمكن نقل الطلب إلى حالة "تم تحصيل الدفع" ما لم تغطِّ الدفعات المحصَّلة إجمالي الطلب',
        'cannot-transition-without-modification-payment': 'يمكن الانتقال إلى مرحلة الدفع الإضافي فقط',
    },
};
