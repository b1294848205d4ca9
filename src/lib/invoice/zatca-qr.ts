/**
 * The QR payload of a Saudi simplified tax invoice, ZATCA e-invoicing phase 1: five TLV fields
 * (tag byte, length byte, UTF-8 value), concatenated and base64-encoded. Phase 2 adds signed
 * tags 6-9, which only a ZATCA-onboarded device can produce; the decoder tolerates them.
 *
 * Values are kept as the exact strings that go on the wire, so decode(encode(x)) equals x and
 * the page can show "what this QR says" without re-deriving it.
 */

export interface ZatcaFields {
  /** Tag 1: the seller's name as registered (Arabic here; see tax-invoice.ts). */
  sellerName: string;
  /** Tag 2: the seller's 15-digit VAT registration number. */
  vatNumber: string;
  /** Tag 3: when the invoice was issued, ISO 8601 in UTC to the second ("2026-11-20T09:15:42Z"). */
  timestamp: string;
  /** Tag 4: invoice total including VAT, "1150.00". */
  totalWithVat: string;
  /** Tag 5: VAT total, "150.00". */
  vatTotal: string;
}

const TAGS = [
  [1, 'sellerName'],
  [2, 'vatNumber'],
  [3, 'timestamp'],
  [4, 'totalWithVat'],
  [5, 'vatTotal'],
] as const satisfies ReadonlyArray<readonly [number, keyof ZatcaFields]>;

const KNOWN_TAGS = new Set<number>(TAGS.map(([tag]) => tag));

/** The length of a TLV value is a single byte. */
export const MAX_TLV_VALUE_BYTES = 255;

export class ZatcaQrError extends Error {
  override name = 'ZatcaQrError';
}

/** Halalas to the amount form ZATCA's QR expects: two decimals, a dot, no grouping ("1150.00"). */
export function formatZatcaAmount(halalas: number): string {
  if (!Number.isSafeInteger(halalas) || halalas < 0) {
    throw new ZatcaQrError(`ZATCA amount must be a non-negative whole number of halalas, got ${halalas}`);
  }
  return `${Math.floor(halalas / 100)}.${String(halalas % 100).padStart(2, '0')}`;
}

/**
 * ISO 8601 in UTC without milliseconds: the form of ZATCA's published samples, and what readers
 * (the ZATCA app, most validators) parse reliably.
 */
export function formatZatcaTimestamp(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) throw new ZatcaQrError(`ZATCA timestamp is not a valid date: ${String(at)}`);
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Saudi VAT registration numbers: 15 digits, first and last digit 3. */
export function isSaudiVatNumber(value: string): boolean {
  return /^3\d{13}3$/.test(value);
}

export interface ZatcaInvoiceFacts {
  sellerName: string;
  vatNumber: string;
  issuedAt: Date | string;
  totalWithVatHalalas: number;
  vatTotalHalalas: number;
}

/** The wire strings from typed invoice facts, checked so a malformed invoice fails loudly here. */
export function zatcaFields(facts: ZatcaInvoiceFacts): ZatcaFields {
  if (facts.sellerName.trim() === '') throw new ZatcaQrError('ZATCA seller name is empty');
  if (!isSaudiVatNumber(facts.vatNumber)) {
    throw new ZatcaQrError(`ZATCA VAT number must be 15 digits starting and ending with 3, got "${facts.vatNumber}"`);
  }
  if (facts.vatTotalHalalas > facts.totalWithVatHalalas) {
    throw new ZatcaQrError(`ZATCA VAT total ${facts.vatTotalHalalas} exceeds the invoice total ${facts.totalWithVatHalalas}`);
  }
  return {
    sellerName: facts.sellerName,
    vatNumber: facts.vatNumber,
    timestamp: formatZatcaTimestamp(facts.issuedAt),
    totalWithVat: formatZatcaAmount(facts.totalWithVatHalalas),
    vatTotal: formatZatcaAmount(facts.vatTotalHalalas),
  };
}

/** The raw TLV bytes (exported for tests and for anyone who needs the bytes, not base64). */
export function encodeZatcaTlvBytes(fields: ZatcaFields): Uint8Array {
  const utf8 = new TextEncoder();
  const parts: number[] = [];
  for (const [tag, key] of TAGS) {
    // The byte length is what counts: an Arabic letter takes two bytes in UTF-8.
    const value = utf8.encode(fields[key]);
    if (value.length > MAX_TLV_VALUE_BYTES) {
      throw new ZatcaQrError(
        `ZATCA QR field ${tag} (${key}) is ${value.length} bytes in UTF-8; a TLV value holds at most ${MAX_TLV_VALUE_BYTES}`,
      );
    }
    parts.push(tag, value.length, ...value);
  }
  return Uint8Array.from(parts);
}

/** The QR code's text: base64 of the TLV bytes. */
export function encodeZatcaQr(fields: ZatcaFields): string {
  return bytesToBase64(encodeZatcaTlvBytes(fields));
}

/** Reads a phase 1 payload back; throws on truncated data, bad UTF-8 or a missing tag 1-5. */
export function decodeZatcaQr(base64: string): ZatcaFields {
  const bytes = base64ToBytes(base64);
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const found = new Map<number, string>();
  let at = 0;
  while (at < bytes.length) {
    if (at + 2 > bytes.length) throw new ZatcaQrError(`ZATCA QR is truncated at byte ${at}: no room for tag and length`);
    const tag = bytes[at]!;
    const length = bytes[at + 1]!;
    const end = at + 2 + length;
    if (end > bytes.length) throw new ZatcaQrError(`ZATCA QR field ${tag} claims ${length} bytes, only ${bytes.length - at - 2} remain`);
    if (found.has(tag)) throw new ZatcaQrError(`ZATCA QR repeats field ${tag}`);
    // Phase 2 tags (hash, signature, key) are binary: skip them rather than read them as text.
    if (!KNOWN_TAGS.has(tag)) {
      found.set(tag, '');
      at = end;
      continue;
    }
    let value: string;
    try {
      value = utf8.decode(bytes.subarray(at + 2, end));
    } catch {
      throw new ZatcaQrError(`ZATCA QR field ${tag} is not valid UTF-8`);
    }
    found.set(tag, value);
    at = end;
  }
  const fields: Partial<ZatcaFields> = {};
  for (const [tag, key] of TAGS) {
    const value = found.get(tag);
    if (value === undefined) throw new ZatcaQrError(`ZATCA QR lacks field ${tag} (${key})`);
    fields[key] = value;
  }
  return fields as ZatcaFields;
}

// btoa/atob exist in browsers and in Node >= 16; they work on "binary strings" (one char per byte).
function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function base64ToBytes(base64: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(base64.trim());
  } catch {
    throw new ZatcaQrError('ZATCA QR is not valid base64');
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
