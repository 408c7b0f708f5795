import { describe, expect, it } from 'vitest';
import { signInProblems } from './signInValidation';

const values = (email: string, password: string) => ({ email, password, remember: false });

describe('signInProblems (spec section 5)', () => {
  it('requires both fields, a blank email counting as empty', () => {
    expect(signInProblems(values('  ', ''), false)).toEqual({
      email: 'validation.required',
      password: 'validation.required',
    });
  });

  it('takes a mobile number in variant 1 and wants an email address in variants 2 and 3', () => {
    expect(signInProblems(values('9800000001', 'x'), false)).toEqual({});
    expect(signInProblems(values('9800000001', 'x'), true)).toEqual({ email: 'validation.invalidEmail' });
    expect(signInProblems(values(' demo@library.test ', 'x'), true)).toEqual({});
  });

  it('keeps a password as typed (spaces are characters)', () => {
    expect(signInProblems(values('a@b.co', ' '), true)).toEqual({});
  });
});
