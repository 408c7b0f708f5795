// What the entry rules (devices/entryRule.ts) read from the database: members' state and the
// organisation's check-in rules. The door's punches and the entrance screens read them alike.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { EntryMember, EntryRules } from '../devices/entryRule.ts';

type MemberRow = {
  id: number;
  status: boolean;
  inactive_reason: 'expired' | 'deactivated' | null;
  valid_till: string;
  entry_time: string;
  exit_time: string;
  next_day_exit: boolean;
  dues: string | number;
  pauses: { from: string; days: number }[];
};

export const toEntryMember = (r: MemberRow): EntryMember => ({
  status: r.status,
  inactiveReason: r.inactive_reason,
  validTill: r.valid_till,
  entryTime: r.entry_time,
  exitTime: r.exit_time,
  nextDayExit: r.next_day_exit,
  dues: Number(r.dues),
  pauses: r.pauses,
});

export const entryMemberColumns = sql`u.id, u.status, u.inactive_reason, u.valid_till::text as valid_till,
  u.entry_time::text as entry_time, u.exit_time::text as exit_time, u.next_day_exit, u.dues,
  (select coalesce(json_agg(json_build_object('from', mp.from_day::text, 'days', mp.days)), '[]'::json)
     from member_pauses mp where mp.client_id = u.client_id and mp.user_id = u.id and mp.status = 'approved') as pauses`;

/** The branch's members among some ids (a device's PINs), by id. */
export async function entryMembers(
  db: Db | Tx,
  clientId: number,
  branchId: number,
  ids: number[],
): Promise<Map<number, EntryMember>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id < 2 ** 31);
  if (unique.length === 0) return new Map();
  const { rows } = await db.execute<MemberRow>(sql`
    select ${entryMemberColumns} from users u
     where u.client_id = ${clientId} and u.branch_id = ${branchId} and u.id = any(${`{${unique.join(',')}}`}::int[])`);
  return new Map(rows.map((r) => [r.id, toEntryMember(r)]));
}

/** The organisation's check-in rules (none set: no margin, no dues limit). */
export async function checkInRulesOf(db: Db | Tx, clientId: number): Promise<EntryRules> {
  const { rows } = await db.execute<{ margin_minutes: number; dues_limit: string | null }>(
    sql`select margin_minutes, dues_limit from check_in_rules where client_id = ${clientId}`,
  );
  const r = rows[0];
  return r
    ? { marginMinutes: r.margin_minutes, duesLimit: r.dues_limit === null ? null : Number(r.dues_limit) }
    : { marginMinutes: 0, duesLimit: null };
}
