import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * Everything the WiFi rules need about members, in one statement: status and validity against the
 * branch's date, the package, the current validity period and the bytes used in it.
 *
 * The validity period starts on the latest renewal that has begun (a completed payment's coversFrom
 * on or before the branch's date), else on validFrom; a session counts in the period it started in.
 */
export type MemberWifiState = {
  userId: number;
  clientId: number;
  branchId: number;
  name: string;
  mobile: string;
  wifiPin: string;
  active: boolean;
  /** 'expired' or 'deactivated' when not active. */
  inactiveReason: 'expired' | 'deactivated' | null;
  packageId: number | null;
  packageName: string | null;
  packageActive: boolean;
  downloadKbps: number;
  uploadKbps: number;
  sessionMinutes: number;
  totalDataMb: number;
  devicesPerMember: number;
  periodStart: string;
  usedBytes: number;
  /** Seconds from now to the end of the last valid day in the branch's time zone. */
  secondsLeft: number;
  /** The organisation allows WiFi only inside the member's daily window, and it is not the whole day. */
  windowApplies: boolean;
  insideWindow: boolean;
  /** Seconds from now to the window's end (when windowApplies and insideWindow). */
  windowSecondsLeft: number;
  /** In an approved pause today (issue 45, point 4): WiFi is shut while paused. */
  paused: boolean;
  /** Open sessions heard from in the last `staleAfterMinutes` (a router that never sent Stop). */
  liveSessions: number;
  openSessions: number;
};

/** An open session not updated for this long no longer counts against Simultaneous-Use. */
export const staleAfterMinutes = 30;

/** `where` is a condition on the `users` table (by that name). */
export async function memberWifiStates(db: Db | Tx, where: SQL): Promise<MemberWifiState[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with m as (
      select users.*, (now() at time zone b.timezone)::date as today, b.timezone as tz,
        (now() at time zone b.timezone)::time as local_time, c.wifi_within_window
      from users join branches b on b.id = users.branch_id join clients c on c.id = users.client_id
      where ${where}
    ), p as (
      select m.*, coalesce(
        (select max(pay.covers_from) from payments pay
          where pay.client_id = m.client_id and pay.user_id = m.id and pay.status = 'completed'
            and pay.covers_from <= m.today),
        m.valid_from) as period_start
      from m
    )
    select p.id as "userId", p.client_id as "clientId", p.branch_id as "branchId", p.name, p.mobile,
      p.wifi_pin as "wifiPin",
      (p.status and p.valid_till >= p.today) as active,
      case when p.status and p.valid_till >= p.today then null
           when not p.status and p.inactive_reason = 'deactivated' then 'deactivated'
           else 'expired' end as "inactiveReason",
      pk.id as "packageId", pk.package_name as "packageName", coalesce(pk.status, false) as "packageActive",
      coalesce(pk.download_kbps, 0) as "downloadKbps", coalesce(pk.upload_kbps, 0) as "uploadKbps",
      coalesce(pk.session_minutes, 0) as "sessionMinutes", coalesce(pk.total_data_mb, 0)::float8 as "totalDataMb",
      coalesce(pk.devices_per_member, 1) as "devicesPerMember",
      to_char(p.period_start, 'YYYY-MM-DD') as "periodStart",
      coalesce(s.used, 0)::float8 as "usedBytes",
      greatest(0, floor(extract(epoch from (((p.valid_till + 1)::timestamp at time zone p.tz) - now()))))::float8
        as "secondsLeft",
      (p.wifi_within_window and p.entry_time <> p.exit_time) as "windowApplies",
      -- Half-open minute ranges on a 24-hour circle (DOMAIN.md, Members): 22:00-06:00 spans midnight.
      case when p.entry_time = p.exit_time then true
           when p.entry_time < p.exit_time then p.local_time >= p.entry_time and p.local_time < p.exit_time
           else p.local_time >= p.entry_time or p.local_time < p.exit_time end as "insideWindow",
      ((floor(extract(epoch from p.exit_time) - extract(epoch from p.local_time))::int + 86400) % 86400)::float8
        as "windowSecondsLeft",
      exists (select 1 from member_pauses mp
        where mp.client_id = p.client_id and mp.user_id = p.id and mp.status = 'approved'
          and mp.from_day <= p.today and p.today < mp.from_day + mp.days) as paused,
      coalesce(s.live, 0)::int as "liveSessions",
      coalesce(s.open, 0)::int as "openSessions"
    from p
    left join packages pk on pk.id = p.package_id and pk.client_id = p.client_id
    left join lateral (
      select sum(ws.input_bytes + ws.output_bytes)
          filter (where ws.started_at >= (p.period_start::timestamp at time zone p.tz)) as used,
        count(*) filter (where ws.stopped_at is null
          and ws.updated_at > now() - make_interval(mins => ${staleAfterMinutes})) as live,
        count(*) filter (where ws.stopped_at is null) as open
      from wifi_sessions ws
      where ws.client_id = p.client_id and ws.user_id = p.id
    ) s on true
  `);
  return rows.map((r) => ({
    ...(r as unknown as MemberWifiState),
    downloadKbps: Number(r.downloadKbps),
    uploadKbps: Number(r.uploadKbps),
    sessionMinutes: Number(r.sessionMinutes),
    totalDataMb: Number(r.totalDataMb),
    devicesPerMember: Number(r.devicesPerMember),
    usedBytes: Number(r.usedBytes),
    secondsLeft: Number(r.secondsLeft),
    windowSecondsLeft: Number(r.windowSecondsLeft),
  }));
}

/** The package's cap in bytes (1 GB = 1000 MB = 10^9 bytes), null when unlimited. */
export const capBytesOf = (state: Pick<MemberWifiState, 'totalDataMb'>): number | null =>
  state.totalDataMb > 0 ? state.totalDataMb * 1_000_000 : null;

export function dataUsedUp(state: MemberWifiState): boolean {
  const cap = capBytesOf(state);
  return cap !== null && state.usedBytes >= cap;
}
