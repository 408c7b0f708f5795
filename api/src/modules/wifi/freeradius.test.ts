/**
 * The real thing: Debian's FreeRADIUS, configured by api/radius/configure.sh in a temporary folder
 * with its own ports on 127.0.0.1 and run in the foreground as a child of this test, asks this API
 * (listening on loopback) about radtest's sign-ins and radclient's accounting; a UDP socket stands
 * in for the router and receives the Disconnect-Request after the member's validity runs out.
 * Skipped, saying why, only when the FreeRADIUS packages are not installed.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users, wifiDisconnects } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import {
  attributeText,
  attributeTypes,
  decodePacket,
  encodeResponse,
  radiusCodes,
  requestAuthenticatorValid,
} from './radiusPacket.ts';
import { runWifiOutbox } from './outbox.ts';

const run = promisify(execFile);
const needed = {
  'freeradius (package freeradius)': '/usr/sbin/freeradius',
  'rlm_rest (package freeradius-rest)': '/usr/lib/freeradius/rlm_rest.so',
  'radtest (package freeradius-utils)': '/usr/bin/radtest',
  'radclient (package freeradius-utils)': '/usr/bin/radclient',
};
const missing = Object.entries(needed)
  .filter(([, path]) => !existsSync(path))
  .map(([name]) => name);
if (missing.length > 0) {
  console.warn(
    `SKIPPED freeradius.test.ts: FreeRADIUS is not installed (missing ${missing.join(', ')}). ` +
      'Install with: apt-get install -y freeradius freeradius-utils freeradius-rest',
  );
}

const script = fileURLToPath(new URL('../../../radius/configure.sh', import.meta.url));
const secret = 'loopback-router-secret-42';
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const today = () => new Date().toISOString().slice(0, 10);

/** A free UDP port on 127.0.0.1 (bound and released; FreeRADIUS takes it right after). */
async function freeUdpPort(): Promise<number> {
  const s = createSocket('udp4');
  await new Promise<void>((resolve) => s.bind(0, '127.0.0.1', resolve));
  const { port } = s.address();
  await new Promise<void>((resolve) => s.close(resolve));
  return port;
}

/** The attribute names radtest printed under the answer it received ('Received Access-…'). */
function replyAttributes(radtestOutput: string): string[] {
  const lines = radtestOutput.split('\n');
  const start = lines.findIndex((l) => l.startsWith('Received Access-'));
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const attribute = /^\s+([\w-]+) = /.exec(line);
    if (!attribute) break;
    names.push(attribute[1]!);
  }
  return names;
}

describe.skipIf(missing.length > 0)(
  'FreeRADIUS calls the API (radtest, radclient, Disconnect-Request)',
  () => {
    let t: TestApp;
    let org: TestOrg;
    let dir: string;
    let radiusd: ChildProcess | undefined;
    let log = '';
    let authPort: number;
    let acctPort: number;
    let router: Socket;
    const disconnects: Buffer[] = [];
    let active: { id: number; mobile: string; pin: string };
    let expired: { id: number; mobile: string; pin: string };

    async function member(branchId: number, packageId: number, validTill: string) {
      const res = await call(t, org.ownerToken, {
        method: 'POST',
        url: '/api/user/createUser',
        branchId,
        payload: {
          name: 'Radius Member',
          mobile: `98${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`,
          validFrom: addDays(today(), -20),
          validTill,
          packageId,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { userId, mobile } = res.json() as { userId: number; mobile: string };
      const [row] = await t.db.select({ pin: users.wifiPin }).from(users).where(eq(users.id, userId));
      return { id: userId, mobile, pin: row!.pin };
    }

    const radtest = (user: string, password: string) =>
      run('radtest', [user, password, `127.0.0.1:${authPort}`, '0', secret], { timeout: 20_000 }).then(
        (r) => r.stdout,
        (err: { stdout?: string }) => err.stdout ?? String(err),
      );

    const radclient = (kind: 'acct' | 'disconnect', port: number, attributes: string) =>
      new Promise<string>((resolve) => {
        const child = execFile(
          'radclient',
          ['-x', '-r', '1', '-t', '3', `127.0.0.1:${port}`, kind, secret],
          { timeout: 20_000 },
          (_err, stdout, stderr) => resolve(`${stdout}${stderr}`),
        );
        child.stdin!.end(attributes);
      });

    beforeAll(async () => {
      t = await startTestApp();
      const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
      org = await createOrg(t, { branchCount: 1 });
      const branchId = org.branchIds[0]!;

      router = createSocket('udp4');
      router.on('message', (msg, from) => {
        disconnects.push(msg);
        // A router checks the request with the secret it shares, then acknowledges it.
        if (!requestAuthenticatorValid(msg, secret)) return;
        router.send(
          encodeResponse(radiusCodes.disconnectAck, decodePacket(msg), [], secret),
          from.port,
          from.address,
        );
      });
      await new Promise<void>((resolve) => router.bind(0, '127.0.0.1', resolve));

      const pkg = await call(t, org.ownerToken, {
        method: 'POST',
        url: '/api/package/createPackage',
        payload: {
          packageName: 'Radius 20',
          downloadSpeed: 20,
          uploadSpeed: 5,
          sessionTime: 60,
          totalData: 5,
          devicesPerMember: 3,
        },
      });
      expect(pkg.statusCode, pkg.body).toBe(201);
      const packageId = (pkg.json() as { id: number }).id;
      const nas = await call(t, org.ownerToken, {
        method: 'POST',
        url: '/api/wifiRouter/createWifiRouter',
        branchId,
        payload: { name: 'Loopback router', address: '127.0.0.1', secret, coaPort: router.address().port },
      });
      expect(nas.statusCode, nas.body).toBe(201);
      active = await member(branchId, packageId, addDays(today(), 10));
      expired = await member(branchId, packageId, addDays(today(), -1));

      dir = await mkdtemp(join(tmpdir(), 'freeradius-test-'));
      authPort = await freeUdpPort();
      acctPort = await freeUdpPort();
      await writeFile(
        join(dir, 'clients.conf'),
        `client loopback {\n\tipaddr = 127.0.0.1\n\tsecret = ${secret}\n\tshortname = loopback\n}\n`,
      );
      await run('bash', [script, dir, url, String(authPort), String(acctPort)]);
      radiusd = spawn('freeradius', ['-X', '-d', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          log += chunk.toString();
          if (log.includes('Ready to process requests')) resolve();
        };
        radiusd!.stdout!.on('data', onData);
        radiusd!.stderr!.on('data', onData);
        radiusd!.on('exit', (code) => reject(new Error(`freeradius exited with ${code}:\n${log}`)));
      });
    }, 120_000);

    afterAll(async () => {
      if (radiusd && radiusd.exitCode === null) {
        const exited = new Promise((resolve) => radiusd!.once('exit', resolve));
        radiusd.kill('SIGTERM');
        await exited;
      }
      router?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
      await t?.close();
    });

    it('radtest for an active member gets Access-Accept with the package attributes', async () => {
      const out = await radtest(active.mobile, active.pin);
      expect(out, log).toContain('Received Access-Accept');
      expect(out).toContain('Mikrotik-Rate-Limit = "5000k/20000k"');
      expect(out).toContain('WISPr-Bandwidth-Max-Up = 5000000');
      expect(out).toContain('WISPr-Bandwidth-Max-Down = 20000000');
      expect(out).toContain('Session-Timeout = 3600');
      // 5 GB = 5e9 bytes left: one 4 GiB word and 705032704.
      expect(out).toContain('Mikrotik-Total-Limit = 705032704');
      expect(out).toContain('Mikrotik-Total-Limit-Gigawords = 1');
    });

    it('radtest with a wrong PIN or for an expired member gets Access-Reject', async () => {
      expect(await radtest(active.mobile, '999999x')).toContain('Received Access-Reject');
      const out = await radtest(expired.mobile, expired.pin);
      expect(out).toContain('Received Access-Reject');
      expect(out).toContain('Reply-Message = "Your membership has expired."');
    });

    // RFC 2865 §5.44: an Access-Reject holds no service attributes. A wrong PIN fails in pap after
    // the API's authorize answer filled the reply (Session-Timeout, rate limits); the reject must
    // carry none of them (issue 35, point 3).
    it('an Access-Reject carries only Reply-Message, whatever authorize put in the reply', async () => {
      const wrongPin = await radtest(active.mobile, '999999x');
      expect(wrongPin).toContain('Received Access-Reject');
      expect(replyAttributes(wrongPin), wrongPin).toEqual([]);
      const lapsed = await radtest(expired.mobile, expired.pin);
      expect(replyAttributes(lapsed), lapsed).toEqual(['Reply-Message']);
    });

    it('radclient accounting updates the member usage', async () => {
      const session = `User-Name = "${active.mobile}"\nAcct-Session-Id = "fr-1"\nFramed-IP-Address = 10.5.0.20\n`;
      const start = await radclient('acct', acctPort, `${session}Acct-Status-Type = Start\n`);
      expect(start, log).toContain('Received Accounting-Response');
      const interim = await radclient(
        'acct',
        acctPort,
        `${session}Acct-Status-Type = Interim-Update\nAcct-Input-Octets = 1500\nAcct-Output-Octets = 2500\nAcct-Output-Gigawords = 1\nAcct-Session-Time = 30\n`,
      );
      expect(interim).toContain('Received Accounting-Response');
      const res = await call(t, org.ownerToken, {
        method: 'GET',
        url: `/api/wifi/getMemberWifi?userId=${active.id}`,
        branchId: org.branchIds[0],
      });
      expect(res.json().usage).toMatchObject({ usedBytes: 4000 + 2 ** 32, onlineSessions: 1 });
      // Access-Accept now carries what is left: 5e9 - (2^32 + 4000) bytes, under one gigaword.
      const out = await radtest(active.mobile, active.pin);
      expect(out).toContain(`Mikrotik-Total-Limit = ${5e9 - 2 ** 32 - 4000}`);
      expect(out).not.toContain('Mikrotik-Total-Limit-Gigawords');
    });

    it('sends the router a Disconnect-Request after the member expires, and records the ACK', async () => {
      // The validity runs out: the branch's date passes the member's last valid day.
      await t.db.execute(sql`update users set valid_till = ${addDays(today(), -1)} where id = ${active.id}`);
      const before = disconnects.length;
      await runWifiOutbox(t.db);
      expect(disconnects.length).toBe(before + 1);
      const packet = decodePacket(disconnects.at(-1)!);
      expect(packet.code).toBe(radiusCodes.disconnectRequest);
      expect(attributeText(packet, attributeTypes.userName)).toBe(active.mobile);
      expect(attributeText(packet, attributeTypes.acctSessionId)).toBe('fr-1');
      const rows = await t.db.select().from(wifiDisconnects);
      expect(rows.map((r) => [r.reason, r.status])).toEqual([['expired', 'acked']]);
      expect(await radtest(active.mobile, active.pin)).toContain('Received Access-Reject');
    });

    it('speaks the same Disconnect packets as FreeRADIUS radclient (authenticators both ways)', async () => {
      const before = disconnects.length;
      const out = await radclient(
        'disconnect',
        router.address().port,
        `User-Name = "${active.mobile}"\nAcct-Session-Id = "fr-1"\n`,
      );
      expect(disconnects.length).toBe(before + 1);
      // Our check of radclient's Request Authenticator, and radclient's check of our ACK.
      expect(requestAuthenticatorValid(disconnects.at(-1)!, secret)).toBe(true);
      expect(out).toContain('Received Disconnect-ACK');
    });
  },
);
