import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberedTokenCount, rememberedTokens, type AccessClaims } from './auth.ts';

// Verified access tokens are remembered by their text until their own exp (auth.ts, issue 36).

const claimsOf = (token: string): AccessClaims => ({
  sub: token,
  cid: 1,
  fam: 'f',
  exp: Math.floor(Date.now() / 1000) + 60,
});

afterEach(() => vi.useRealTimers());

describe('rememberedTokens', () => {
  it('verifies a token once while it lasts, and again (refused) once its time is up', () => {
    const verify = vi.fn(claimsOf);
    const check = rememberedTokens(verify);
    expect(check('a').sub).toBe('a');
    expect(check('a').sub).toBe('a');
    expect(verify).toHaveBeenCalledTimes(1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    verify.mockImplementationOnce(() => {
      throw new Error('expired');
    });
    expect(() => check('a')).toThrow('expired');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('never remembers a refused token, and forgets the oldest past its bound', () => {
    const verify = vi.fn((token: string) => {
      if (token === 'bad') throw new Error('bad signature');
      return claimsOf(token);
    });
    const check = rememberedTokens(verify);
    expect(() => check('bad')).toThrow();
    expect(() => check('bad')).toThrow();
    expect(verify).toHaveBeenCalledTimes(2);
    for (let i = 0; i <= rememberedTokenCount; i += 1) check(`t${i}`);
    verify.mockClear();
    check(`t${rememberedTokenCount}`);
    expect(verify).not.toHaveBeenCalled();
    check('t0');
    expect(verify).toHaveBeenCalledTimes(1);
  });
});
