import { describe, expect, it } from 'vitest';
import { validateChangePassword } from '../../../../machines/schemas/password.schema';

const change = (currentPassword: string, newPassword: string) =>
  validateChangePassword({ currentPassword, newPassword, confirmPassword: newPassword });

describe('change-password schema: the Shop API’s bounds', () => {
  it('new password: 128 characters pass, 129 are refused', () => {
    expect(change('current1', 'a1'.repeat(64)).ok).toBe(true);
    expect(change('current1', 'a1'.repeat(64) + 'x')).toEqual({ ok: false, errors: { newPassword: 'password.new.tooLong' } });
  });

  it('current password: 256 characters pass; longer cannot be right and says so (a translated message)', () => {
    expect(change('c'.repeat(256), 'newpass1').ok).toBe(true);
    expect(change('c'.repeat(257), 'newpass1')).toEqual({ ok: false, errors: { currentPassword: 'password.current.wrong' } });
  });
});
