// The text of the ZKTeco push protocol ("ADMS", iclock), as devices send and expect it
// (docs/decisions/doors.md, "Door access"): tab-separated records, one per line, `key=value` fields.

/** One attendance record of an ATTLOG upload: PIN, local time, status, verify mode. */
export type AttLogLine = { pin: number; deviceTime: string; status: number; verify: number };

/** One fingerprint template of an OPERLOG (or FINGERTMP) upload. */
export type TemplateLine = { pin: number; fid: number; size: number; valid: number; template: string };

/** A command result posted to /iclock/devicecmd. */
export type CommandResult = { id: number; returnCode: number; cmd: string };

const maxPin = 2_147_483_647;
const deviceTimePattern = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function pinOf(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,10}$/.test(text.trim())) return null;
  const pin = Number(text.trim());
  return pin > 0 && pin <= maxPin ? pin : null;
}

/** A real calendar time `YYYY-MM-DD HH:MM:SS` (the device's local clock), else null. */
function deviceTimeOf(text: string | undefined): string | null {
  const m = text === undefined ? null : deviceTimePattern.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  const real =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo! - 1 &&
    date.getUTCDate() === d &&
    h! < 24 &&
    mi! < 60 &&
    s! < 60;
  return real && y! >= 2000 && y! < 2100 ? text!.trim() : null;
}

const lines = (body: string) => body.split(/\r?\n/).filter((line) => line.trim() !== '');

/**
 * ATTLOG lines: `PIN\tYYYY-MM-DD HH:MM:SS\tstatus\tverify\tworkcode\t...`. Lines that cannot be read
 * (a PIN that is not a member number, an impossible time) are counted as skipped, not fatal: the
 * device marks the whole upload sent on OK, so one bad line must not hold back the others.
 */
export function parseAttLog(body: string): { records: AttLogLine[]; skipped: number } {
  const records: AttLogLine[] = [];
  let skipped = 0;
  for (const line of lines(body)) {
    const [pinText, timeText, statusText, verifyText] = line.split('\t');
    const pin = pinOf(pinText);
    const deviceTime = deviceTimeOf(timeText);
    if (pin === null || deviceTime === null) {
      skipped += 1;
      continue;
    }
    const small = (v: string | undefined) => {
      const n = Number(v ?? 0);
      return Number.isInteger(n) && n >= 0 && n < 32768 ? n : 0;
    };
    records.push({ pin, deviceTime, status: small(statusText), verify: small(verifyText) });
  }
  return { records, skipped };
}

/** `key=value` fields of one tab-separated record. */
export function fieldsOf(record: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const part of record.split('\t')) {
    const at = part.indexOf('=');
    if (at > 0) fields.set(part.slice(0, at).trim(), part.slice(at + 1));
  }
  return fields;
}

/**
 * Fingerprint templates from an OPERLOG upload (`FP PIN=..\tFID=..\tSize=..\tValid=..\tTMP=..`) or a
 * FINGERTMP one (the same fields without the `FP ` prefix). USER and OPLOG lines carry nothing we
 * keep: members are made in the product, not on the device.
 */
export function parseTemplates(body: string): { templates: TemplateLine[]; lines: number } {
  const all = lines(body);
  const templates: TemplateLine[] = [];
  for (const line of all) {
    const record = line.startsWith('FP ') ? line.slice(3) : line;
    if (!record.startsWith('PIN=') || !record.includes('TMP=')) continue;
    const f = fieldsOf(record);
    const pin = pinOf(f.get('PIN'));
    const fid = Number(f.get('FID') ?? 0);
    const template = (f.get('TMP') ?? '').trim();
    if (pin === null || !Number.isInteger(fid) || fid < 0 || fid > 9 || template === '') continue;
    if (!/^[A-Za-z0-9+/=]+$/.test(template) || template.length > 20_000) continue;
    const valid = Number(f.get('Valid') ?? 1);
    templates.push({
      pin,
      fid,
      size: Number(f.get('Size')) || template.length,
      valid: Number.isInteger(valid) && valid >= 0 && valid < 256 ? valid : 1,
      template,
    });
  }
  return { templates, lines: all.length };
}

/** Results posted to /iclock/devicecmd: `ID=12&Return=0&CMD=DATA`, one per line. */
export function parseCommandResults(body: string): CommandResult[] {
  const results: CommandResult[] = [];
  for (const line of lines(body)) {
    const params = new URLSearchParams(line.trim());
    const id = Number(params.get('ID'));
    const returnCode = Number(params.get('Return'));
    if (!Number.isSafeInteger(id) || id <= 0 || !Number.isInteger(returnCode)) continue;
    results.push({ id, returnCode, cmd: params.get('CMD') ?? '' });
  }
  return results;
}

/** The member state a queued command carries (written by the trigger on users). */
export type MemberState = {
  name: string;
  allowed: boolean;
  entryTime: string;
  exitTime: string;
  nextDayExit: boolean;
};

/** Tabs and line breaks would split the record; devices keep 24 characters of a name. */
const deviceName = (name: string) =>
  name
    .replace(/[\t\r\n=]+/g, ' ')
    .trim()
    .slice(0, 24)
    .trim();
const hhmm = (time: string) => time.slice(0, 5);

/**
 * Door groups (configured on the device once, see README "Door devices"): group 1 opens the door
 * within the member's own time window, group 2 never does. Moving a member to group 2 refuses them
 * at the door and keeps their fingerprints; moving them back lets them in again.
 */
export const openGroup = 1;
export const refusedGroup = 2;

export type QueuedCommand = {
  id: number;
  topic: string;
  kind: string;
  pin: number;
  payload: Record<string, unknown>;
};

/** The line /iclock/getrequest answers for one queued command: `C:<id>:<command>`. */
export function renderCommand(command: QueuedCommand): string {
  const p = command.payload;
  if (command.kind === 'delete') return `C:${command.id}:DATA DELETE USERINFO PIN=${command.pin}`;
  if (command.kind === 'template') {
    return (
      `C:${command.id}:DATA UPDATE FINGERTMP PIN=${command.pin}\tFID=${Number(p.fid)}\t` +
      `Size=${Number(p.size)}\tValid=${Number(p.valid)}\tTMP=${String(p.template)}`
    );
  }
  const state = p as MemberState;
  const fields = [
    `PIN=${command.pin}`,
    `Name=${deviceName(state.name)}`,
    'Pri=0',
    'Passwd=',
    'Card=',
    `Grp=${state.allowed ? openGroup : refusedGroup}`,
    // The member's own daily window (HH:MM-HH:MM, +1 when it ends the next day): not a stock ZKTeco
    // field (their TZ is a reference to time-zone slots); firmware that does not know it ignores it
    // and the server still flags punches outside the window.
    `Window=${hhmm(state.entryTime)}-${hhmm(state.exitTime)}${state.nextDayExit ? '+1' : ''}`,
    'Verify=0',
  ];
  return `C:${command.id}:DATA UPDATE USERINFO ${fields.join('\t')}`;
}

/** The handshake answer (GET /iclock/cdata?options=all): upload everything, in real time. */
export function renderOptions(
  serialNumber: string,
  attStamp: string | null,
  timeZoneMinutes: number,
): string {
  const zone = timeZoneMinutes % 60 === 0 ? String(timeZoneMinutes / 60) : String(timeZoneMinutes);
  return [
    `GET OPTION FROM: ${serialNumber}`,
    `ATTLOGStamp=${attStamp ?? 'None'}`,
    'OPERLOGStamp=9999',
    'ATTPHOTOStamp=None',
    'ErrorDelay=30',
    'Delay=10',
    'TransTimes=00:00;14:05',
    'TransInterval=1',
    'TransFlag=TransData AttLog OpLog EnrollUser ChgUser EnrollFP ChgFP',
    `TimeZone=${zone}`,
    'Realtime=1',
    'Encrypt=None',
  ].join('\n');
}
