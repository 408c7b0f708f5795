// A local SMS/WhatsApp gateway for the tests: a node http server on 127.0.0.1:0 that records every
// request and answers 500 for the first `failFirst` of them (or the next n asked for by failNext).
import { createServer } from 'node:http';

export type ProviderHit = {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  status: number;
};

export async function startFakeProvider(opts: { failFirst?: number } = {}) {
  const hits: ProviderHit[] = [];
  let failLeft = opts.failFirst ?? 0;
  /** Only requests whose URL contains this fail (others pass through untouched). */
  let failMatch = '';
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const fails = failLeft > 0 && (req.url ?? '').includes(failMatch);
      const status = fails ? 500 : 200;
      if (fails) failLeft -= 1;
      hits.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, status });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 200 ? '{"ok":true}' : '{"error":"gateway busy"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    /** Successful deliveries only. */
    delivered: () => hits.filter((h) => h.status === 200),
    failNext: (n: number, urlContains = '') => {
      failLeft = n;
      failMatch = urlContains;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
