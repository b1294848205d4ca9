import { createHash, timingSafeEqual } from 'crypto';

/**
 * PayFort (Amazon Payment Services) signature: SHA-256 over
 * `phrase + key1=value1key2=value2... + phrase`, keys sorted ascending, `signature` itself left
 * out. Requests use the SHA request phrase, responses/notifications the SHA response phrase.
 */
export function payfortSignature(params: Record<string, unknown>, phrase: string): string {
  const body = Object.keys(params)
    .filter((k) => k !== 'signature' && params[k] !== undefined && params[k] !== null)
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('');
  return createHash('sha256').update(`${phrase}${body}${phrase}`, 'utf8').digest('hex');
}

export function verifyPayfortSignature(params: Record<string, unknown>, phrase: string): boolean {
  const given = typeof params.signature === 'string' ? params.signature : '';
  const expected = payfortSignature(params, phrase);
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), Buffer.from(expected, 'hex'));
}
