// @vitest-environment node
import type { Request } from 'express';
import { afterEach, describe, expect, it } from 'vitest';

import { checkTrustedProxies, clientIp } from '../../../../../../../server/src/plugins/common/services/client-ip';

const req = (peer: string, xff?: string) =>
  ({ socket: { remoteAddress: peer }, headers: xff ? { 'x-forwarded-for': xff } : {} }) as unknown as Request;

afterEach(() => {
  delete process.env.TRUSTED_PROXIES;
});

describe('clientIp', () => {
  it('trusts loopback by default and takes the entry our proxy added', () => {
    expect(clientIp(req('127.0.0.1', '198.51.100.7'))).toBe('198.51.100.7');
    expect(clientIp(req('::ffff:127.0.0.1', '6.6.6.6, 198.51.100.7'))).toBe('198.51.100.7');
    expect(clientIp(req('::1', '2001:db8::5'))).toBe('2001:db8::5');
    expect(clientIp(req('127.0.0.1'))).toBe('127.0.0.1');
  });

  it('ignores the header from a peer that is not a trusted hop', () => {
    expect(clientIp(req('203.0.113.9', '198.51.100.7'))).toBe('203.0.113.9');
    expect(clientIp(req('::ffff:203.0.113.9', '127.0.0.1'))).toBe('203.0.113.9');
  });

  it('walks back through trusted hops listed in TRUSTED_PROXIES, and only those', () => {
    process.env.TRUSTED_PROXIES = '10.0.0.0/8, 192.0.2.1';
    // load balancer 192.0.2.1 → storefront 10.1.2.3 → Vendure
    expect(clientIp(req('10.1.2.3', '6.6.6.6, 198.51.100.7, 192.0.2.1'))).toBe('198.51.100.7');
    // loopback is no longer trusted once the list replaces the default
    expect(clientIp(req('127.0.0.1', '198.51.100.7'))).toBe('127.0.0.1');
    // a malformed entry stops the walk at the last address that was vouched for
    expect(clientIp(req('10.1.2.3', 'not-an-ip'))).toBe('10.1.2.3');
  });

  it('refuses a malformed TRUSTED_PROXIES at start', () => {
    process.env.TRUSTED_PROXIES = 'loopback, proxy.example';
    expect(() => checkTrustedProxies()).toThrow('TRUSTED_PROXIES: "proxy.example" is not an IP address or CIDR range');
  });
});
