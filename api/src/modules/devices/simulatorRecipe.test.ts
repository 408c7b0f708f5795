// The README's door simulator recipe ("Door devices"), run as written: the simulator CLI through npm
// in separate processes against a server listening on a port, staff acting through the API. The
// branch's time zone is hours away from the machine's, so a clock in the machine's zone would be
// outside the member's window (door shut) and store the punch at the wrong instant.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clockAt, stateFileFor, timeZoneMinutesOf } from '../../../scripts/deviceSimulator.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { isoToday, moneyBranch, shiftDays, type MoneyBranch } from '../../test/money.ts';
import { renderOptions } from './protocol.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const serial = `RECIPE${process.pid}`;
let t: TestApp;
let base: string;
let m: MoneyBranch;
const running: ChildProcessWithoutNullStreams[] = [];

/** Minutes east of UTC of a zone now. */
function offsetOf(timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

// India, unless the machine runs within three hours of it: then New York.
const machineOffset = -new Date().getTimezoneOffset();
const branchZone =
  Math.abs(offsetOf('Asia/Kolkata') - machineOffset) >= 180 ? 'Asia/Kolkata' : 'America/New_York';

/** `npm run device-simulator --workspace api -- <args>` from the repository root, as the README says. */
function simulator(args: string[]) {
  const child = spawn('npm', ['run', 'device-simulator', '--workspace', 'api', '--', ...args], {
    cwd: repoRoot,
    // Its own process group, so the watcher (npm, its shell and node) is ended as a whole.
    detached: true,
  });
  running.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    child,
    output: () => output,
    exited,
    /** Waits until the output matches, failing with the output so far. */
    async waitFor(pattern: RegExp, ms = 30_000) {
      const until = Date.now() + ms;
      while (!pattern.test(output)) {
        if (Date.now() > until) throw new Error(`no ${pattern} in the simulator's output:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return pattern.exec(output)!;
    },
  };
}

beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  m = await moneyBranch(t);
  const res = await m.send('PUT', `/api/branch/updateBranch?branchId=${m.branchId}`, {
    name: 'Recipe branch',
    timezone: branchZone,
  });
  expect(res.statusCode, res.body).toBe(200);
});

afterAll(async () => {
  for (const child of running) if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
  fs.rmSync(stateFileFor(serial), { force: true });
  await t?.close();
});

it('watch, accept, enrol, punch from a second process and from the terminal: the door opens', async () => {
  const watcher = simulator(['--url', base, '--serial', serial, '--watch']);
  await watcher.waitFor(/handshake 200/);

  const accepted = await m.send('POST', '/api/device/acceptDevice', {
    serialNumber: serial,
    name: 'Front door',
  });
  expect(accepted.statusCode, accepted.body).toBe(201);
  const deviceId = accepted.json().id as number;

  // The member's window: the two hours around now on the branch's clock (past midnight if need be).
  const offset = offsetOf(branchZone);
  const hhmm = (shiftMinutes: number) =>
    clockAt(new Date(Date.now() + shiftMinutes * 60_000), offset).slice(11, 16);
  const [entry, exit] = [hhmm(-60), hhmm(60)];
  const created = await m.send('POST', '/api/user/createUser', {
    name: 'Asha Rao',
    mobile: '7300000001',
    validFrom: shiftDays(isoToday(), -5),
    validTill: shiftDays(isoToday(), 20),
    feeStructureId: m.structureId,
    addedToBiometricMachine: true,
    biometricMachineId: deviceId,
    entryTime: `${entry}:00`,
    exitTime: `${exit}:00`,
    nextDayExit: exit < entry,
  });
  expect(created.statusCode, created.body).toBe(201);
  const userId = created.json().userId as number;
  // The watcher receives the enrolment on its next poll (every 5 s) and confirms it.
  await watcher.waitFor(new RegExp(`members on the device: ${userId} Asha Rao \\(group 1`), 20_000);

  // The README's second command, in a fresh process: it holds the member and runs the branch's clock.
  const before = Date.now();
  const puncher = simulator(['--url', base, '--serial', serial, '--punch', String(userId)]);
  expect(await puncher.exited, puncher.output()).toBe(0);
  const [, time, door] = await puncher.waitFor(
    new RegExp(`punch PIN ${userId} at (\\S+ \\S+): door (\\w+ ?\\w*)`),
  );
  expect(door, puncher.output()).toBe('opens');
  expect(puncher.output()).toContain('upload 200: OK: 1');
  const deviceClock = Date.parse(`${time!.replace(' ', 'T')}Z`) - offset * 60_000;
  expect(Math.abs(deviceClock - before)).toBeLessThan(60_000);

  // Stored at the instant it happened. Asked over the days around today: a punch just after the
  // branch's midnight belongs to the visit of a window that began the day before, and this machine's
  // date may be another than the branch's (the test failed at 00:15 in Asia/Kolkata).
  const around = `from=${shiftDays(isoToday(), -2)}&to=${shiftDays(isoToday(), 2)}`;
  const visits = await m.send('GET', `/api/attendance/getVisits?pageSize=100&${around}`);
  expect(visits.statusCode, visits.body).toBe(200);
  const visit = (visits.json().items as { userId: number; inAt: string }[]).find((v) => v.userId === userId);
  expect(visit, visits.body).toBeDefined();
  expect(Math.abs(Date.parse(visit!.inAt) - before)).toBeLessThan(60_000);

  // The same from the watcher's terminal.
  watcher.child.stdin.write(`punch ${userId}\n`);
  await watcher.waitFor(new RegExp(`punch PIN ${userId} at \\S+ \\S+: door opens\\nupload 200: OK: 1`));
}, 120_000);

it("reads the branch's zone from the options the server renders, hours or minutes", () => {
  for (const minutes of [0, 60, 330, 345, -300, -570, 840]) {
    expect(timeZoneMinutesOf(renderOptions('SN1', null, minutes))).toBe(minutes);
  }
  expect(timeZoneMinutesOf('GET OPTION FROM: SN1\nDelay=10')).toBeNull();
});
