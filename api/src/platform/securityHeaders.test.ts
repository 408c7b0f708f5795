import { describe, expect, it } from 'vitest';
import { securityHeaders } from './securityHeaders.ts';

describe('securityHeaders', () => {
  it("lists helmet's headers for the options, worked out once", () => {
    const headers = new Map(
      securityHeaders({
        contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'"] } },
        frameguard: { action: 'deny' },
      }),
    );
    expect(headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(headers.get('X-Frame-Options')).toBe('DENY');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Strict-Transport-Security')).toMatch(/^max-age=\d+/);
    expect(headers.get('Referrer-Policy')).toBe('no-referrer');
  });

  it('refuses options helmet rejects, at start rather than on a request', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ['self'] } } })).toThrow(
      /self/,
    );
  });
});
