import { describe, expect, it } from 'vitest';
import { productSecurityOptions, securityHeaders } from './securityHeaders.ts';

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

  it('asks no HTTPS of a browser on plain HTTP, and every other header stays (issue 33)', () => {
    const plain = new Map(securityHeaders(productSecurityOptions({ https: false })));
    const secure = new Map(securityHeaders(productSecurityOptions({ https: true })));
    expect(plain.get('Content-Security-Policy')).not.toContain('upgrade-insecure-requests');
    expect(plain.has('Strict-Transport-Security')).toBe(false);
    expect(secure.get('Content-Security-Policy')).toContain('upgrade-insecure-requests');
    expect(secure.get('Strict-Transport-Security')).toBe('max-age=31536000');
    const others = (headers: Map<string, string>) =>
      [...headers].filter(([name]) => name !== 'Strict-Transport-Security');
    expect(others(plain).map(([name]) => name)).toEqual(others(secure).map(([name]) => name));
    expect(plain.get('Content-Security-Policy')).toBe(
      secure.get('Content-Security-Policy')!.replace(';upgrade-insecure-requests', ''),
    );
  });
});
