import { describe, expect, it } from 'vitest';
import {
  decodeZatcaQr,
  encodeZatcaQr,
  encodeZatcaTlvBytes,
  formatZatcaAmount,
  formatZatcaTimestamp,
  isSaudiVatNumber,
  ZatcaQrError,
  zatcaFields,
  type ZatcaFields,
} from '../../../../../src/lib/invoice/zatca-qr';

// The sample of ZATCA's QR code guideline (phase 1).
const BOBS: ZatcaFields = {
  sellerName: 'Bobs Records',
  vatNumber: '310122393500003',
  timestamp: '2022-04-25T15:30:00Z',
  totalWithVat: '1000.00',
  vatTotal: '150.00',
};

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

describe('encodeZatcaTlvBytes', () => {
  it('writes tag, one length byte and the UTF-8 value for tags 1 to 5 in order', () => {
    expect(hex(encodeZatcaTlvBytes(BOBS))).toBe(
      [
        '010c' + '426f6273205265636f726473', // 1, 12 bytes, "Bobs Records"
        '020f' + '333130313232333933353030303033', // 2, 15 bytes, "310122393500003"
        '0314' + '323032322d30342d32355431353a33303a30305a', // 3, 20 bytes, "2022-04-25T15:30:00Z"
        '0407' + '313030302e3030', // 4, 7 bytes, "1000.00"
        '0506' + '3135302e3030', // 5, 6 bytes, "150.00"
      ].join(''),
    );
  });

  it('counts an Arabic name in UTF-8 bytes (two per letter), not in characters', () => {
    const name = 'متجر الأناقة'; // 11 letters and a space: 12 characters
    expect(name.length).toBe(12);
    const bytes = encodeZatcaTlvBytes({ ...BOBS, sellerName: name });
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(23);
    expect(hex(bytes.subarray(2, 6))).toBe('d985d8aa'); // م ت
    expect(bytes[2 + 23]).toBe(2); // the next field starts right after the 23 bytes
  });

  it('accepts a value of exactly 255 bytes', () => {
    const bytes = encodeZatcaTlvBytes({ ...BOBS, sellerName: 'a'.repeat(255) });
    expect(bytes[1]).toBe(255);
    expect(bytes.length).toBe(2 + 255 + 2 + 15 + 2 + 20 + 2 + 7 + 2 + 6);
  });

  it('rejects a value over 255 bytes, naming the field and its byte length', () => {
    expect(() => encodeZatcaTlvBytes({ ...BOBS, sellerName: 'a'.repeat(256) })).toThrow(ZatcaQrError);
    // 128 Arabic letters are only 128 characters but 256 bytes
    expect(() => encodeZatcaTlvBytes({ ...BOBS, sellerName: 'ب'.repeat(128) })).toThrow(
      'ZATCA QR field 1 (sellerName) is 256 bytes in UTF-8; a TLV value holds at most 255',
    );
  });
});

describe('encodeZatcaQr / decodeZatcaQr', () => {
  it('encodes the guideline sample to its published base64', () => {
    expect(encodeZatcaQr(BOBS)).toBe('AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==');
  });

  it('decodes what it encoded, Arabic included', () => {
    const arabic: ZatcaFields = {
      sellerName: 'متجر الأناقة',
      vatNumber: '300000000000003',
      timestamp: '2026-11-20T09:15:42Z',
      totalWithVat: '291.97',
      vatTotal: '38.08',
    };
    expect(decodeZatcaQr(encodeZatcaQr(arabic))).toEqual({
      sellerName: 'متجر الأناقة',
      vatNumber: '300000000000003',
      timestamp: '2026-11-20T09:15:42Z',
      totalWithVat: '291.97',
      vatTotal: '38.08',
    });
    expect(decodeZatcaQr(encodeZatcaQr(BOBS))).toEqual(BOBS);
  });

  it('ignores tags beyond 5 (phase 2 signatures)', () => {
    const withTag6 = Buffer.concat([Buffer.from(encodeZatcaTlvBytes(BOBS)), Buffer.from([6, 2, 0xab, 0xcd])]);
    expect(decodeZatcaQr(withTag6.toString('base64'))).toEqual(BOBS);
  });

  it('rejects truncated, incomplete, repeated and non-base64 payloads', () => {
    const bytes = Buffer.from(encodeZatcaTlvBytes(BOBS));
    expect(() => decodeZatcaQr(bytes.subarray(0, bytes.length - 1).toString('base64'))).toThrow(
      'ZATCA QR field 5 claims 6 bytes, only 5 remain',
    );
    expect(() => decodeZatcaQr(bytes.subarray(0, 2 + 12 + 2 + 15).toString('base64'))).toThrow('ZATCA QR lacks field 3 (timestamp)');
    expect(() => decodeZatcaQr(Buffer.concat([bytes, Buffer.from([1, 1, 0x41])]).toString('base64'))).toThrow('ZATCA QR repeats field 1');
    expect(() => decodeZatcaQr('not base64!')).toThrow('ZATCA QR is not valid base64');
    expect(() => decodeZatcaQr(Buffer.from([1, 1, 0xff]).toString('base64'))).toThrow('ZATCA QR field 1 is not valid UTF-8');
  });
});

describe('formatZatcaAmount', () => {
  it('prints halalas as riyals with two decimals, a dot and no grouping', () => {
    expect(formatZatcaAmount(115000)).toBe('1150.00');
    expect(formatZatcaAmount(123456789)).toBe('1234567.89');
    expect(formatZatcaAmount(3808)).toBe('38.08');
    expect(formatZatcaAmount(100)).toBe('1.00');
    expect(formatZatcaAmount(5)).toBe('0.05');
    expect(formatZatcaAmount(0)).toBe('0.00');
  });

  it('rejects fractions of a halala, negatives and non-numbers', () => {
    expect(() => formatZatcaAmount(1.5)).toThrow(ZatcaQrError);
    expect(() => formatZatcaAmount(-100)).toThrow('ZATCA amount must be a non-negative whole number of halalas, got -100');
    expect(() => formatZatcaAmount(Number.NaN)).toThrow(ZatcaQrError);
  });
});

describe('formatZatcaTimestamp', () => {
  it('gives UTC to the second', () => {
    expect(formatZatcaTimestamp('2026-11-20T09:15:42.123Z')).toBe('2026-11-20T09:15:42Z');
    expect(formatZatcaTimestamp('2026-11-20T12:15:42+03:00')).toBe('2026-11-20T09:15:42Z');
    expect(formatZatcaTimestamp(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02T03:04:05Z');
  });

  it('rejects an invalid date', () => {
    expect(() => formatZatcaTimestamp('yesterday')).toThrow('ZATCA timestamp is not a valid date: yesterday');
  });
});

describe('zatcaFields', () => {
  it('formats typed invoice facts into the wire strings', () => {
    expect(
      zatcaFields({
        sellerName: 'Bobs Records',
        vatNumber: '310122393500003',
        issuedAt: '2022-04-25T15:30:00.000Z',
        totalWithVatHalalas: 100000,
        vatTotalHalalas: 15000,
      }),
    ).toEqual(BOBS);
  });

  it('refuses an invalid VAT number, an empty name and VAT above the total', () => {
    const facts = {
      sellerName: 'S',
      vatNumber: '300000000000003',
      issuedAt: '2026-01-01T00:00:00Z',
      totalWithVatHalalas: 115,
      vatTotalHalalas: 15,
    };
    expect(() => zatcaFields({ ...facts, vatNumber: '30000000000000' })).toThrow(
      'ZATCA VAT number must be 15 digits starting and ending with 3, got "30000000000000"',
    );
    expect(() => zatcaFields({ ...facts, sellerName: ' ' })).toThrow('ZATCA seller name is empty');
    expect(() => zatcaFields({ ...facts, vatTotalHalalas: 116 })).toThrow('ZATCA VAT total 116 exceeds the invoice total 115');
  });

  it('knows a Saudi VAT number', () => {
    expect(isSaudiVatNumber('300000000000003')).toBe(true);
    expect(isSaudiVatNumber('310122393500003')).toBe(true);
    expect(isSaudiVatNumber('200000000000003')).toBe(false);
    expect(isSaudiVatNumber('30000000000000３')).toBe(false);
  });
});
