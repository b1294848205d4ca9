import { describe, expect, it } from 'vitest';
import { localizeDigits } from '../../../../src/lib/digits';

describe('localizeDigits (decision 015)', () => {
  it('writes Western digits of an Arabic text as Arabic-Indic digits', () => {
    expect(localizeDigits('شحن مجاني للطلبات فوق 300 ريال', 'ar')).toBe('شحن مجاني للطلبات فوق ٣٠٠ ريال');
    expect(localizeDigits('خصومات حتى 30٪', 'ar')).toBe('خصومات حتى ٣٠٪');
    expect(localizeDigits('0123456789', 'ar')).toBe('٠١٢٣٤٥٦٧٨٩');
    expect(localizeDigits('بطول 1.5 متر', 'ar')).toBe('بطول ١٫٥ متر');
  });

  it('leaves Latin phrases (model numbers, coupon codes) as written', () => {
    expect(localizeDigits('خصم 10٪ بالرمز WELCOME10 على iPhone 15', 'ar')).toBe('خصم ١٠٪ بالرمز WELCOME10 على iPhone 15');
    expect(localizeDigits('كاميرا Sony A7 IV بعدسة 50 مم', 'ar')).toBe('كاميرا Sony A7 IV بعدسة ٥٠ مم');
  });

  it('leaves English texts and texts without digits alone', () => {
    expect(localizeDigits('Free delivery over SAR 300', 'en')).toBe('Free delivery over SAR 300');
    expect(localizeDigits('وصل حديثًا', 'ar')).toBe('وصل حديثًا');
  });
});
