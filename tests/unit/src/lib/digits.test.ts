import { describe, expect, it } from 'vitest';
import { localizeDigits } from '../../../../src/lib/digits';

describe('localizeDigits (decision 015)', () => {
  it('writes Western digits of an Arabic text as Arabic-Indic digits', () => {
    expect(localizeDigits('شحن مجاني للطلبات فوق 300 ريال', 'ar')).toBe('شحن مجاني للطلبات فوق ٣٠٠ ريال');
    expect(localizeDigits('خصومات حتى 30٪', 'ar')).toBe('خصومات حتى ٣٠٪');
    expect(localizeDigits('0123456789', 'ar')).toBe('٠١٢٣٤٥٦٧٨٩');
  });

  it('leaves English texts and texts without digits alone', () => {
    expect(localizeDigits('Free delivery over SAR 300', 'en')).toBe('Free delivery over SAR 300');
    expect(localizeDigits('وصل حديثًا', 'ar')).toBe('وصل حديثًا');
  });
});
