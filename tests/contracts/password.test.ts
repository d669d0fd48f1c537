import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { NewPasswordSchema } from '../../contracts/password';

const issue = (password: unknown) => {
  const r = v.safeParse(NewPasswordSchema, password);
  return r.success ? null : r.issues[0].message;
};

describe('NewPasswordSchema (a reset and a staff account alike)', () => {
  it('takes 10 to 128 characters', () => {
    expect(issue('x'.repeat(10))).toBeNull();
    expect(issue('x'.repeat(128))).toBeNull();
  });

  it('names what is wrong by code', () => {
    expect(issue('')).toBe('password_required');
    expect(issue('x'.repeat(9))).toBe('password_too_short');
    expect(issue('x'.repeat(129))).toBe('password_too_long');
    expect(issue(undefined)).toBe('password_required');
  });
});
