// A simulated ZKTeco-style fingerprint device speaking the push protocol over HTTP to a running
// server (README, "Door devices"): handshake, command polling and results, attendance and
// fingerprint uploads, going offline and coming back. The API tests and the ingest bench drive it;
// run it by hand to try the product without hardware:
//
//   node --import tsx scripts/deviceSimulator.ts --url http://127.0.0.1:3000 --serial SIM0001 --watch
//   (then type `punch 12` on its terminal, or from another one:)
//   node --import tsx scripts/deviceSimulator.ts --url ... --serial SIM0001 --punch 12
//
// Like a real device it keeps the members it was sent (in a state file per serial number, so a later
// `--punch` process holds what the watcher received) and runs its clock in the branch's time zone,
// which the server's options name (`TimeZone=`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

/** What the device holds about one member, from the server's commands. */
export type DeviceUser = {
  name: string;
  group: number;
  window: string;
  templates: Map<number, string>;
};

export type Answer = { status: number; text: string };

/** A member as the state file keeps it. */
export type SavedUser = Omit<DeviceUser, 'templates'> & { pin: number; templates: [number, string][] };

/** A Date as the device's local clock in a time zone: `YYYY-MM-DD HH:MM:SS`. */
export function localTime(at: Date, timeZone = 'UTC'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The device's local clock at a fixed offset east of UTC, as the handshake's TimeZone gives it. */
export function clockAt(at: Date, offsetMinutes: number): string {
  return new Date(at.getTime() + offsetMinutes * 60_000).toISOString().replace('T', ' ').slice(0, 19);
}

/**
 * The handshake's `TimeZone=` in minutes east of UTC: whole hours are sent as hours (`5`), others as
 * minutes (`330`), as ZKTeco firmware reads them. Null when the options carry none.
 */
export function timeZoneMinutesOf(options: string): number | null {
  const m = /^TimeZone=(-?\d{1,4})\s*$/m.exec(options);
  if (!m) return null;
  const value = Number(m[1]);
  return Math.abs(value) <= 14 ? value * 60 : value;
}

/** `Window=HH:MM-HH:MM[+1]` holds a time of day `HH:MM:SS`? (whole day when start = end). */
function insideWindow(window: string, time: string): boolean {
  const m = /^(\d{2}:\d{2})-(\d{2}:\d{2})(\+1)?$/.exec(window);
  if (!m) return true;
  const [, start, end, nextDay] = m;
  const t = time.slice(0, 5);
  if (start === end) return true;
  return nextDay || end! < start! ? t >= start! || t <= end! : t >= start! && t <= end!;
}

export class SimulatedDevice {
  readonly users = new Map<number, DeviceUser>();
  /** Every command line received, in order. */
  readonly received: string[] = [];
  /** Attendance records kept on the device: sent ones stay, as on a real device. */
  readonly records: { line: string; sent: boolean }[] = [];
  online = true;
  stamp = 0;
  private readonly fetchImpl: typeof fetch;

  constructor(
    readonly baseUrl: string,
    readonly serialNumber: string,
    opts: { fetch?: typeof fetch } = {},
  ) {
    this.fetchImpl = opts.fetch ?? fetch;
  }

  private async http(method: 'GET' | 'POST', path: string, body?: string): Promise<Answer> {
    if (!this.online) throw new Error(`${this.serialNumber} is offline`);
    const res = await this.fetchImpl(`${this.baseUrl}${path}`, {
      method,
      ...(body === undefined ? {} : { body, headers: { 'content-type': 'text/plain' } }),
    });
    return { status: res.status, text: await res.text() };
  }

  private q(extra = '') {
    return `SN=${encodeURIComponent(this.serialNumber)}${extra}`;
  }

  /** The first call after power-on: the server's options. */
  handshake(): Promise<Answer> {
    return this.http('GET', `/iclock/cdata?${this.q('&options=all&pushver=2.4.1&language=69')}`);
  }

  /**
   * One poll: runs the commands the server answers with and posts their results (Return=0, or -1
   * for a command it cannot read). Returns the command lines received.
   */
  async poll(opts: { confirm?: boolean } = {}): Promise<string[]> {
    const answer = await this.http(
      'GET',
      `/iclock/getrequest?${this.q(`&INFO=${encodeURIComponent(`Ver 6.60 SIM,${this.users.size},0,${this.records.length},127.0.0.1`)}`)}`,
    );
    if (answer.status !== 200) throw new Error(`getrequest answered ${answer.status}: ${answer.text}`);
    if (answer.text.trim() === 'OK') return [];
    const lines = answer.text.split('\n').filter((l) => l.startsWith('C:'));
    const results: string[] = [];
    for (const line of lines) {
      this.received.push(line);
      const [, id, ...rest] = line.split(':');
      const code = this.run(rest.join(':'));
      results.push(`ID=${id}&Return=${code}&CMD=DATA`);
    }
    if (opts.confirm !== false && results.length) {
      const res = await this.http('POST', `/iclock/devicecmd?${this.q()}`, results.join('\n'));
      if (res.status !== 200) throw new Error(`devicecmd answered ${res.status}: ${res.text}`);
    }
    return lines;
  }

  /** Polls until the server has nothing more; returns every command line received. */
  async sync(): Promise<string[]> {
    const all: string[] = [];
    for (let i = 0; i < 100; i++) {
      const lines = await this.poll();
      if (lines.length === 0) return all;
      all.push(...lines);
    }
    throw new Error('the queue did not drain in 100 polls');
  }

  private run(command: string): number {
    const fields = (text: string) =>
      new Map(
        text.split('\t').flatMap((part) => {
          const at = part.indexOf('=');
          return at > 0 ? [[part.slice(0, at), part.slice(at + 1)] as const] : [];
        }),
      );
    if (command.startsWith('DATA UPDATE USERINFO ')) {
      const f = fields(command.slice('DATA UPDATE USERINFO '.length));
      const pin = Number(f.get('PIN'));
      if (!pin) return -1;
      const existing = this.users.get(pin);
      this.users.set(pin, {
        name: f.get('Name') ?? '',
        group: Number(f.get('Grp') ?? 1),
        window: f.get('Window') ?? '00:00-00:00',
        // Updating a user keeps their fingerprints.
        templates: existing?.templates ?? new Map(),
      });
      return 0;
    }
    if (command.startsWith('DATA DELETE USERINFO ')) {
      const pin = Number(fields(command.slice('DATA DELETE USERINFO '.length)).get('PIN'));
      this.users.delete(pin);
      return 0;
    }
    if (command.startsWith('DATA UPDATE FINGERTMP ')) {
      const f = fields(command.slice('DATA UPDATE FINGERTMP '.length));
      const user = this.users.get(Number(f.get('PIN')));
      if (!user) return -1;
      user.templates.set(Number(f.get('FID')), f.get('TMP') ?? '');
      return 0;
    }
    return -1;
  }

  /** A member enrols a finger at the device: kept locally, uploaded with uploadTemplates. */
  enrolFinger(pin: number, fid: number, template: string) {
    const user = this.users.get(pin);
    if (!user) throw new Error(`PIN ${pin} is not on ${this.serialNumber}`);
    user.templates.set(fid, template);
  }

  /**
   * A finger on the reader at `time` (device clock): the door opens for a known member of the open
   * group inside their window, and only then is an attendance record kept.
   */
  punch(pin: number, time: string, status = 0): boolean {
    const user = this.users.get(pin);
    const opens = user !== undefined && user.group === 1 && insideWindow(user.window, time.slice(11));
    if (opens) this.records.push({ line: `${pin}\t${time}\t${status}\t1\t0\t0\t0`, sent: false });
    return opens;
  }

  /** Keeps a record as if the door had opened, whatever the device knows (for replays and benches). */
  record(pin: number, time: string, status = 0) {
    this.records.push({ line: `${pin}\t${time}\t${status}\t1\t0\t0\t0`, sent: false });
  }

  /** Uploads the records not yet accepted (all of them with `all`); marks them sent on OK. */
  async upload(opts: { all?: boolean } = {}): Promise<Answer> {
    const batch = this.records.filter((r) => opts.all || !r.sent);
    if (batch.length === 0) return { status: 200, text: 'OK: 0' };
    const stamp = this.stamp + 1;
    const answer = await this.http(
      'POST',
      `/iclock/cdata?${this.q(`&table=ATTLOG&Stamp=${stamp}`)}`,
      batch.map((r) => r.line).join('\n'),
    );
    if (answer.status === 200 && answer.text.startsWith('OK')) {
      for (const r of batch) r.sent = true;
      this.stamp = stamp;
    }
    return answer;
  }

  /** Sends the fingerprint templates of some members (an OPERLOG upload of FP records). */
  uploadTemplates(pins: number[]): Promise<Answer> {
    const lines = pins.flatMap((pin) =>
      [...(this.users.get(pin)?.templates ?? new Map<number, string>())].map(
        ([fid, tmp]) => `FP PIN=${pin}\tFID=${fid}\tSize=${tmp.length}\tValid=1\tTMP=${tmp}`,
      ),
    );
    return this.http('POST', `/iclock/cdata?${this.q('&table=OPERLOG&Stamp=9999')}`, lines.join('\n'));
  }

  /** The members it holds, as JSON (what a real device keeps in its flash across power cycles). */
  heldUsers(): SavedUser[] {
    return [...this.users].map(([pin, u]) => ({ pin, ...u, templates: [...u.templates] }));
  }

  /** Holds exactly these members (read back from heldUsers). */
  holdUsers(saved: SavedUser[]) {
    this.users.clear();
    for (const { pin, templates, ...user } of saved)
      this.users.set(pin, { ...user, templates: new Map(templates) });
  }

  goOffline() {
    this.online = false;
  }

  comeBack() {
    this.online = true;
  }
}

/**
 * The members a device holds, in a file per serial number, so every simulator process started for
 * that serial (the watcher, a later `--punch`) holds what any of them was sent. Read before each
 * step and written after a step that changed it; written whole and renamed into place. `--state-dir`
 * puts the files elsewhere.
 */
export function stateFileFor(serial: string, dir = path.join(os.tmpdir(), 'device-simulator')): string {
  // Serial numbers are letters, digits, - and _ (the server's rule); anything else stays in `dir`.
  return path.join(dir, `${encodeURIComponent(serial)}.json`);
}

function loadState(device: SimulatedDevice, file: string) {
  if (!fs.existsSync(file)) return;
  device.holdUsers((JSON.parse(fs.readFileSync(file, 'utf8')) as { users: SavedUser[] }).users);
}

function saveState(device: SimulatedDevice, file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(
    temporary,
    JSON.stringify({ serialNumber: device.serialNumber, users: device.heldUsers() }),
  );
  fs.renameSync(temporary, file);
}

const zoneLabel = (minutes: number) =>
  `UTC${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:3000' },
      serial: { type: 'string', default: 'SIM0001' },
      punch: { type: 'string', multiple: true },
      // Overrides the branch's zone from the server's options (an IANA name, e.g. Asia/Kolkata).
      timezone: { type: 'string' },
      watch: { type: 'boolean', default: false },
      interval: { type: 'string', default: '5' },
      'state-dir': { type: 'string' },
    },
  });
  const device = new SimulatedDevice(values.url!, values.serial!);
  const stateFile = stateFileFor(device.serialNumber, values['state-dir']);
  let offset: number | null = null;

  /** The options again: the branch's zone is known once staff have accepted the device. */
  const readOptions = async (print: boolean) => {
    const hello = await device.handshake();
    if (print) console.log(`handshake ${hello.status}:\n${hello.text}\n`);
    if (hello.status !== 200) throw new Error(`handshake answered ${hello.status}: ${hello.text}`);
    const given = timeZoneMinutesOf(hello.text) ?? 0;
    if (!values.timezone && given !== offset)
      console.log(`clock: ${zoneLabel(given)} (the server's TimeZone, read again before each punch)`);
    offset = given;
  };
  const now = () =>
    values.timezone ? localTime(new Date(), values.timezone) : clockAt(new Date(), offset ?? 0);
  const printMembers = () =>
    console.log(
      `members on the device: ${[...device.users].map(([pin, u]) => `${pin} ${u.name} (group ${u.group}, ${u.window})`).join('; ') || 'none'}`,
    );

  const sync = async () => {
    loadState(device, stateFile);
    const lines = await device.sync();
    for (const line of lines) console.log(`command: ${line}`);
    if (lines.length) {
      saveState(device, stateFile);
      printMembers();
    }
  };
  const punch = async (pin: number) => {
    await readOptions(false);
    await sync();
    const time = now();
    console.log(`punch PIN ${pin} at ${time}: door ${device.punch(pin, time) ? 'opens' : 'stays shut'}`);
    const upload = await device.upload();
    if (upload.text !== 'OK: 0') console.log(`upload ${upload.status}: ${upload.text}`);
  };

  await readOptions(true);
  await sync();
  printMembers();
  for (const pin of values.punch ?? []) await punch(Number(pin));
  if (!values.watch) return;

  // One step at a time: a punch typed while a poll is under way waits for it.
  let queue = Promise.resolve();
  const then = (step: () => Promise<void>) => {
    queue = queue.then(step).catch((err: unknown) => console.error(String(err)));
  };
  console.log("watching; type `punch <member id>` to put that member's finger on the reader");
  createInterface({ input: process.stdin }).on('line', (line) => {
    const m = /^\s*punch\s+(\d+)\s*$/.exec(line);
    if (m) then(() => punch(Number(m[1])));
    else if (line.trim() === 'members') then(async () => printMembers());
    else if (line.trim() !== '') console.log('commands: punch <member id>, members');
  });
  setInterval(() => then(sync), Number(values.interval) * 1000);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
