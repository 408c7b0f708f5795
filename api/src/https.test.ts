// HTTPS without a proxy (issue 33): TLS_CERT_FILE and TLS_KEY_FILE make the server itself speak
// HTTPS on PORT, HTTP/2 and HTTP/1.1 alike, and only then ask browsers for HTTPS (HSTS, upgrade).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { connect as http2Connect } from 'node:http2';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './test/harness.ts';
import { startServer, waitForUrl, type ServerProcess } from './test/server.ts';

/** A self-signed pair for localhost, made with openssl for this run only. */
function selfSignedPair(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

function getHttp1(
  url: string,
): Promise<{ status: number; version: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { rejectUnauthorized: false }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode!, version: res.httpVersion, headers: res.headers }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function getHttp2(origin: string, path: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const session = http2Connect(origin, { rejectUnauthorized: false });
    session.on('error', reject);
    const stream = session.request({ ':path': path });
    stream.on('response', (headers) => {
      stream.resume();
      stream.on('end', () => {
        session.close();
        resolve(headers);
      });
    });
    stream.on('error', reject);
    stream.end();
  });
}

describe('a server given TLS_CERT_FILE and TLS_KEY_FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tls-'));
  let server: ServerProcess;
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const pair = selfSignedPair(dir);
    const db = await freshDatabase();
    drop = db.drop;
    server = startServer({
      PORT: '0',
      DATA_DIR: dir,
      DATABASE_URL: db.url,
      TLS_CERT_FILE: pair.cert,
      TLS_KEY_FILE: pair.key,
      MESSAGE_TICK_SECONDS: '0',
    });
    url = await waitForUrl(server);
  }, 120_000);
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints an https:// address', () => {
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers HTTP/1.1 over TLS, with HSTS and the upgrade of insecure requests', async () => {
    const res = await getHttp1(`${url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.version).toBe('1.1');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('answers HTTP/2 on the same port', async () => {
    const headers = await getHttp2(url, '/api/health');
    expect(headers[':status']).toBe(200);
    expect(headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('answers http:// on that port with a redirect to the same address over https (issue 41, point 7)', async () => {
    const plain = url.replace('https://', 'http://');
    const res = await fetch(`${plain}/members?q=a%20b`, { redirect: 'manual' });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(`${url}/members?q=a%20b`);
    expect(await res.text()).toBe(`This server speaks HTTPS: ${url}/members?q=a%20b\n`);
    // Nothing in clear text beyond the redirect: no page, no data.
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('answers a request that names no host with a plain hint, and goes on serving HTTPS', async () => {
    const { port } = new URL(url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = netConnect(Number(port), '127.0.0.1', () => socket.write('GET / HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain('This port speaks HTTPS: open the address with https:// instead of http://.');
    expect((await getHttp1(`${url}/api/health`)).status).toBe(200);
    expect((await getHttp2(url, '/api/health'))[':status']).toBe(200);
  });
});

describe('TLS configuration', () => {
  it('needs both files, and names the one missing', async () => {
    const s = startServer({
      PORT: '0',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tls-cfg-')),
      TLS_CERT_FILE: '/x',
    });
    expect(await s.exited).not.toBe(0);
    expect(s.err().trim()).toBe(
      'Invalid configuration: TLS_KEY_FILE is required when the other TLS file is set',
    );
    // A process of its own: starting it (tsx, the config) took over 30 s at load 10 in CI.
  }, 120_000);

  it('stops with one line naming an unreadable file', async () => {
    const s = startServer({
      PORT: '0',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tls-cfg-')),
      TLS_CERT_FILE: '/nonexistent/cert.pem',
      TLS_KEY_FILE: '/nonexistent/key.pem',
    });
    expect(await s.exited).not.toBe(0);
    expect(s.err().trim()).toMatch(/^Invalid configuration: TLS_CERT_FILE="\/nonexistent\/cert.pem" ENOENT/);
  }, 120_000);
});
