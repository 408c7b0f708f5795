import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once. None of them depends on the request
 * (no CSP nonces), so every answer can carry the same list. @fastify/helmet built helmet's whole
 * middleware again on every request, parsing the policy each time: ~3.4 % of the server's CPU on the
 * members list (issue 21, point 5).
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: string | number) => void headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish at once: its headers cannot be worked out ahead');
  return headers;
}

/**
 * Sends helmet's headers for `options` with every answer, set before any route or file runs. They go
 * with Fastify's own headers, which Node checks and writes in one pass when the answer starts; set on
 * the raw response they were checked once each on every request and made Node take its slower path
 * for Fastify's headers too (issue 36, point 4).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = Object.fromEntries(
    securityHeaders(options).map(([name, value]) => [name.toLowerCase(), value]),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

/**
 * The product's own policy. Helmet's defaults assume a site behind HTTPS: `upgrade-insecure-requests`
 * makes a browser ask https:// for every script of a page it loaded over plain HTTP, so a second desk
 * opening `http://frontdesk.lan:3000` saw a blank page (issue 33), and HSTS over plain HTTP promises
 * what the server cannot keep. Both are sent only when the server speaks HTTPS itself or is reached
 * through a TLS proxy (`PUBLIC_URL` is https://); every other header is the same either way.
 */
export function productSecurityOptions({ https }: { https: boolean }): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    frameguard: { action: 'deny' },
  };
}
