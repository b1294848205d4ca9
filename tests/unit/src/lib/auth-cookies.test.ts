import { describe, expect, it } from 'vitest';
import {
  clearPendingVerificationCookies,
  clearResetTicketCookies,
  pendingVerificationCookies,
  readPendingVerification,
  readResetTicket,
  resetTicketCookies,
} from '../../../../src/lib/auth-cookies';
import { readCookie } from '../../../../src/lib/cookies';

describe('auth-flow cookies', () => {
  it('writes the pending e-mail for 30 minutes to the auth group of both locales, SameSite=Lax', () => {
    expect(pendingVerificationCookies(' sara@example.sa ')).toEqual([
      'auth_pending=sara%40example.sa; Path=/auth; Max-Age=1800; SameSite=Lax',
      'auth_pending=sara%40example.sa; Path=/en/auth; Max-Age=1800; SameSite=Lax',
    ]);
    expect(clearPendingVerificationCookies({ secure: true })).toEqual([
      'auth_pending=; Path=/auth; Max-Age=0; SameSite=Lax; Secure',
      'auth_pending=; Path=/en/auth; Max-Age=0; SameSite=Lax; Secure',
    ]);
  });

  it('writes the reset ticket for 15 minutes, SameSite=Strict', () => {
    expect(resetTicketCookies('abc_123def', { secure: true })).toEqual([
      'reset_ticket=abc_123def; Path=/auth; Max-Age=900; SameSite=Strict; Secure',
      'reset_ticket=abc_123def; Path=/en/auth; Max-Age=900; SameSite=Strict; Secure',
    ]);
    expect(clearResetTicketCookies()).toEqual([
      'reset_ticket=; Path=/auth; Max-Age=0; SameSite=Strict',
      'reset_ticket=; Path=/en/auth; Max-Age=0; SameSite=Strict',
    ]);
  });

  it('reads back only values of the expected shape', () => {
    expect(readPendingVerification('a=1; auth_pending=sara%40example.sa')).toBe('sara@example.sa');
    expect(readPendingVerification('auth_pending=')).toBeNull();
    expect(readPendingVerification('auth_pending=%3Cb%3E')).toBeNull();
    expect(readPendingVerification(null)).toBeNull();
    // Vendure's reset token: base64 of a date, "_", a public id
    expect(readResetTicket('reset_ticket=MjAyNi0xMS0yNVQwMDowMDowMC4wMDBa_a1b2c3')).toBe('MjAyNi0xMS0yNVQwMDowMDowMC4wMDBa_a1b2c3');
    expect(readResetTicket('reset_ticket=%3Cscript%3E')).toBeNull();
    expect(readResetTicket('reset_ticket=short')).toBeNull();
  });
});

describe('readCookie', () => {
  it('finds a cookie by exact name and decodes it', () => {
    expect(readCookie('x_vendure_token=no; vendure_token=a%2Bb', 'vendure_token')).toBe('a+b');
    expect(readCookie('a=1', 'vendure_token')).toBeNull();
    expect(readCookie(undefined, 'a')).toBeNull();
  });

  it('never throws on a malformed escape (any visitor can send any cookie)', () => {
    expect(readCookie('vendure_token=%E0%A4%A', 'vendure_token')).toBe('%E0%A4%A');
  });
});
