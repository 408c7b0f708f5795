// A local stand-in for Meta's Graph API (WhatsApp's Cloud API) for the tests: a node http server on
// 127.0.0.1:0 that records every request and answers as Meta documents it, a message id per send,
// or Meta's error shape for the next sends asked to fail (issue 46).
import { createServer } from 'node:http';

export type GraphHit = {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};
type Failure = { status: number; code: number; message: string };

export async function startFakeGraph() {
  const hits: GraphHit[] = [];
  const failures: Failure[] = [];
  let n = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      hits.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const fail = failures.shift();
      res.writeHead(fail ? fail.status : 200, { 'content-type': 'application/json' });
      if (fail) {
        res.end(
          JSON.stringify({
            error: {
              message: `(#${fail.code}) ${fail.message}`,
              type: 'OAuthException',
              code: fail.code,
              fbtrace_id: 'A1',
            },
          }),
        );
        return;
      }
      n += 1;
      const to = (JSON.parse(body || '{}') as { to?: string }).to ?? '';
      res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to }],
          messages: [{ id: `wamid.TEST${n}` }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v23.0`,
    hits,
    /** The next sends answer Meta's error (e.g. 400 #132001 for a template that does not exist). */
    failNext: (...f: Failure[]) => failures.push(...f),
    /** The JSON bodies of the requests so far. */
    bodies: () => hits.map((h) => JSON.parse(h.body) as Record<string, unknown>),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
