// The device side of door access: the ZKTeco push protocol's three endpoints, outside /api because
// devices call them by these exact paths, answering plain text. A device is known by its serial
// number only (the protocol has nothing else): an unknown one is held as pending and may upload
// nothing until staff claim it; a removed one gets nothing at all.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storePunches } from '../attendance/ingest.ts';
import {
  parseAttLog,
  parseCommandResults,
  parseTemplates,
  renderCommand,
  renderOptions,
} from './protocol.ts';
import { recordResults, takeDueCommands } from './queue.ts';

type DeviceRow = {
  id: number;
  client_id: number | null;
  branch_id: number | null;
  status: 'pending' | 'accepted' | 'removed';
  att_stamp: string | null;
  timezone: string | null;
};

const serialPattern = /^[A-Za-z0-9_-]{1,40}$/;

/** Every call is a contact: the device row is made (pending) or its last contact moved, in one statement. */
async function touch(
  db: Db,
  serial: string,
  address: string,
  info?: Record<string, string>,
): Promise<DeviceRow> {
  const { rows } = await db.execute<DeviceRow>(sql`
    with d as (
      insert into devices (serial_number, first_contact_at, last_contact_at, last_address, info)
      values (${serial}, now(), now(), ${address}, ${JSON.stringify(info ?? {})}::jsonb)
      on conflict (serial_number) do update
        set last_contact_at = now(), last_address = excluded.last_address,
            info = devices.info || excluded.info
      returning id, client_id, branch_id, status, att_stamp
    )
    select d.*, b.timezone from d left join branches b on b.id = d.branch_id`);
  return rows[0]!;
}

function serialOf(request: FastifyRequest): string | null {
  const q = request.query as Record<string, string | undefined>;
  const serial = q.SN ?? q.sn;
  return typeof serial === 'string' && serialPattern.test(serial) ? serial : null;
}

const text = (reply: FastifyReply, body: string, code = 200) =>
  reply
    .code(code)
    .header('content-type', 'text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);

/** Minutes east of UTC of a time zone now (the handshake's TimeZone option). */
function offsetMinutes(timeZone: string): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(part ?? '');
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** What a device may say about itself on a getrequest (`INFO=Ver 6.60,users,fps,records,ip`). */
function infoOf(query: Record<string, string | undefined>): Record<string, string> | undefined {
  const info = query.INFO;
  if (typeof info !== 'string' || info === '') return undefined;
  const [firmware, users, fingerprints, records, ip] = info.slice(0, 200).split(',');
  return Object.fromEntries(
    Object.entries({ firmware, users, fingerprints, records, ip }).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;
}

export function iclockRoutes(app: FastifyInstance, db: Db) {
  void app.register(async (scope) => {
    // Devices post plain text with whatever content type their firmware sets (often none).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 8 * 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    const hide = { hide: true };

    // Handshake: the options the device works by.
    scope.get('/iclock/cdata', { schema: hide }, async (request, reply) => {
      const serial = serialOf(request);
      if (!serial) return text(reply, 'Unknown serial number', 400);
      const q = request.query as Record<string, string | undefined>;
      const device = await touch(
        db,
        serial,
        request.ip,
        q.pushver ? { pushVersion: q.pushver.slice(0, 20) } : undefined,
      );
      if (device.status === 'removed') return text(reply, 'Device not accepted', 403);
      return text(
        reply,
        renderOptions(serial, device.att_stamp, device.timezone ? offsetMinutes(device.timezone) : 0),
      );
    });

    // Uploads: attendance (ATTLOG), user and fingerprint data (OPERLOG, FINGERTMP), device options.
    scope.post('/iclock/cdata', { schema: hide }, async (request, reply) => {
      const serial = serialOf(request);
      if (!serial) return text(reply, 'Unknown serial number', 400);
      const q = request.query as Record<string, string | undefined>;
      const device = await touch(db, serial, request.ip);
      // Not OK: the device keeps the records and sends them again later, after acceptance.
      if (device.status !== 'accepted') return text(reply, 'Device not accepted', 403);
      const body = typeof request.body === 'string' ? request.body : '';
      const table = (q.table ?? '').toUpperCase();
      if (table === 'ATTLOG') {
        const { records } = parseAttLog(body);
        const stamp = q.Stamp && /^\d{1,20}$/.test(q.Stamp) ? q.Stamp : null;
        await storePunches(db, device.id, records, stamp);
        return text(reply, `OK: ${records.length}`);
      }
      if (table === 'OPERLOG' || table === 'FINGERTMP') {
        const { templates, lines } = parseTemplates(body);
        if (templates.length) await keepTemplates(db, device, templates);
        return text(reply, `OK: ${lines}`);
      }
      return text(reply, 'OK');
    });

    // Polling: the queued commands, or OK when there is nothing to do.
    scope.get('/iclock/getrequest', { schema: hide }, async (request, reply) => {
      const serial = serialOf(request);
      if (!serial) return text(reply, 'Unknown serial number', 400);
      const device = await touch(db, serial, request.ip, infoOf(request.query as Record<string, string>));
      if (device.status === 'removed') return text(reply, 'Device not accepted', 403);
      if (device.status !== 'accepted') return text(reply, 'OK');
      const commands = await takeDueCommands(db, device.id);
      return text(reply, commands.length ? commands.map(renderCommand).join('\n') : 'OK');
    });

    // Results of the commands it ran.
    scope.post('/iclock/devicecmd', { schema: hide }, async (request, reply) => {
      const serial = serialOf(request);
      if (!serial) return text(reply, 'Unknown serial number', 400);
      const device = await touch(db, serial, request.ip);
      if (device.status !== 'accepted') return text(reply, 'Device not accepted', 403);
      await recordResults(
        db,
        device.id,
        parseCommandResults(typeof request.body === 'string' ? request.body : ''),
      );
      return text(reply, 'OK');
    });

    scope.get('/iclock/ping', { schema: hide }, async (_request, reply) => text(reply, 'OK'));
  });
}

/** Templates of the device's organisation's members of its branch; others are not ours to keep. */
async function keepTemplates(
  db: Db,
  device: DeviceRow,
  templates: ReturnType<typeof parseTemplates>['templates'],
) {
  const json = JSON.stringify(templates);
  await db.execute(sql`
    insert into biometric_templates (client_id, user_id, fid, size, valid, template, device_id, updated_at)
    select distinct on (u.id, t.fid) u.client_id, u.id, t.fid, t.size, t.valid, t.template, ${device.id}, now()
      from jsonb_to_recordset(${json}::jsonb) as t(pin int, fid smallint, size int, valid smallint, template text)
      join users u on u.id = t.pin and u.client_id = ${device.client_id} and u.branch_id = ${device.branch_id}
    on conflict (client_id, user_id, fid) do update
      set size = excluded.size, valid = excluded.valid, template = excluded.template,
          device_id = excluded.device_id, updated_at = now()`);
}
