import { describe, expect, it } from 'vitest';
import { evaluate, pressKey } from './calculator';

const type = (keys: string) => [...keys].reduce(pressKey, '');

describe('calculator', () => {
  it('replaces the previous operator when another follows it', () => {
    expect(type('5+*2')).toBe('5*2');
    expect(type('5+-/2')).toBe('5/2');
  });

  it('ignores a second dot in the same number but allows one in the next', () => {
    expect(type('1..5')).toBe('1.5');
    expect(type('1.5.2')).toBe('1.52');
    expect(type('1.5+2.5')).toBe('1.5+2.5');
    expect(type('.5')).toBe('0.5');
  });

  it('evaluates with * and / before + and -', () => {
    expect(evaluate('2+3*4')).toBe(14);
    expect(evaluate('10/4-1')).toBe(1.5);
    expect(evaluate('-2+5')).toBe(3);
    expect(evaluate('2+')).toBeNull();
  });
});
