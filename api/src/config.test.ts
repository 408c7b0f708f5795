import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

// A JWT secret given, so reading the configuration writes nothing into DATA_DIR.
const base = { DATA_DIR: '/tmp/config-test', JWT_SECRET: 'x'.repeat(32) };

describe('CHECK_RESPONSES', () => {
  it('is off unless set to 1, which checks every answer against its schema', () => {
    expect(loadConfig(base).checkResponses).toBe(false);
    expect(loadConfig({ ...base, CHECK_RESPONSES: '0' }).checkResponses).toBe(false);
    expect(loadConfig({ ...base, CHECK_RESPONSES: '1' }).checkResponses).toBe(true);
  });

  it('refuses another value, naming the variable', () => {
    expect(() => loadConfig({ ...base, CHECK_RESPONSES: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, CHECK_RESPONSES: 'yes' })).toThrow(/CHECK_RESPONSES="yes"/);
  });
});
