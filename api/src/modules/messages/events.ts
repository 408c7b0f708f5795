// Finding the reminders that are due: per branch, in the branch's own today. Each query leaves out
// the people who already have the row (NOT EXISTS on the outbox), so a tick after the first finds
// nothing new and costs an index probe per candidate; a batch cap bounds one tick's work.
import { sql } from 'drizzle-orm';
import { formatDay } from '@app/contract/dayFormat';
import { formatMoney } from '@app/contract/money';
import { languageOf } from '@app/contract/languages';
import { messageLanguages, type MessageLanguage, type MessageSettings } from '@app/contract/messages';
import type { Db } from '../../db/client.ts';
import { enqueue, rowsFor, type Outgoing } from './enqueue.ts';
import { loadSettings, templateBook, type TemplateBook } from './settings.ts';
import { linkOfRow, type LinkSecrets } from '../portal/links.ts';
import { duesUpiLinks } from '../portal/duesUpi.ts';

const batch = 1000;

type BranchRow = {
  id: number;
  client_id: number;
  name: string;
  phone: string;
  today: string;
  currency: string;
  locale: string;
  client_name: string;
};

type MemberRow = {
  id: number;
  name: string;
  email: string | null;
  mobile: string;
  language: MessageLanguage;
  message_opt_out: string[];
  valid_till: string;
  dues: string;
  dues_since: string | null;
  period: string;
  days_left: number | null;
  link_seed: string | null;
  link_hash: string | null;
};

/**
 * Adds every due reminder of every organisation; returns how many rows were added. `links` makes
 * members' live page links for {{memberLink}} (issue 37); without it the variable is empty.
 */
export async function addDueReminders(db: Db, now: Date, links?: LinkSecrets): Promise<number> {
  const at = now.toISOString();
  const branchRows = (
    await db.execute<BranchRow>(sql`
      select b.id, b.client_id, b.name, b.phone, c.currency, c.locale, c.name as client_name,
             ((${at}::timestamptz at time zone b.timezone)::date)::text as today
        from branches b join clients c on c.id = b.client_id
       where b.status = 'active'
       order by b.client_id, b.id`)
  ).rows;
  let added = 0;
  let clientId = -1;
  let settings: MessageSettings | undefined;
  let book: TemplateBook | undefined;
  for (const branch of branchRows) {
    if (branch.client_id !== clientId) {
      clientId = branch.client_id;
      settings = await loadSettings(db, clientId);
      book = await templateBook(db, clientId);
    }
    added += await addBranchReminders(db, branch, settings!, book!, at, links);
  }
  return added;
}

async function addBranchReminders(
  db: Db,
  b: BranchRow,
  settings: MessageSettings,
  book: TemplateBook,
  at: string,
  links: LinkSecrets | undefined,
) {
  const base = { branchName: b.name, branchPhone: b.phone };
  const money = (minor: number) => formatMoney(minor, b.currency, b.locale);
  const member = (event: Outgoing['event'], m: MemberRow): Outgoing => ({
    clientId: b.client_id,
    branchId: b.id,
    event,
    period: m.period,
    recipient: {
      userId: m.id,
      staffId: null,
      email: m.email,
      mobile: m.mobile,
      language: m.language,
      optOut: m.message_opt_out,
    },
    values: {
      ...base,
      name: m.name,
      // Dates as the organisation writes them (27/12/2026), never ISO (issue 34).
      validTill: formatDay(m.valid_till, b.locale),
      daysLeft: m.days_left === null ? '' : String(m.days_left),
      amountDue: money(Number(m.dues)),
      duesSince: m.dues_since === null ? '' : formatDay(m.dues_since, b.locale),
      memberLink: linkOfRow(links, { seed: m.link_seed, tokenHash: m.link_hash }),
    },
  });
  const notSent = (event: string, period: ReturnType<typeof sql>) => sql`not exists (
      select 1 from messages m where m.client_id = u.client_id and m.event = ${event}
         and m.period = ${period} and m.user_id = u.id)`;
  const cols = sql`u.id, u.name, u.email, u.mobile, u.language, u.message_opt_out, u.valid_till::text, u.dues::text,
    u.dues_since::text, pl.seed as link_seed, pl.token_hash as link_hash`;
  // The member's live page link, if any (at most one: portal_links_client_user_live_uq).
  const link = sql`left join portal_links pl on pl.client_id = u.client_id and pl.user_id = u.id and pl.revoked_at is null`;
  const scope = sql`u.client_id = ${b.client_id} and u.branch_id = ${b.id}`;
  const today = sql`${b.today}::date`;
  // No reminder to a member in an approved pause today (issue 45, point 4).
  const notPaused = sql`not exists (select 1 from member_pauses mp where mp.client_id = u.client_id
      and mp.user_id = u.id and mp.status = 'approved' and mp.from_day <= ${today}
      and ${today} < mp.from_day + mp.days)`;
  const out: Outgoing[] = [];

  if (settings.events.includes('expiring') && settings.daysBefore.length > 0) {
    const days = `{${settings.daysBefore.join(',')}}`;
    // The smallest configured day count at or above the days left: a tick that comes late (or a
    // member added with 2 days left) still sends the one reminder that applies, never a stale one.
    const bucket = sql`(select min(n) from unnest(${days}::int[]) n where n >= u.valid_till - ${today})`;
    const period = sql`u.valid_till::text || '/' || ${bucket}`;
    const rows = await db.execute<MemberRow>(sql`
      select ${cols}, ${period} as period, u.valid_till - ${today} as days_left from users u ${link}
       where ${scope} and u.status = true
         and u.valid_till > ${today} and u.valid_till - ${today} <= ${Math.max(...settings.daysBefore)}
         and ${notSent('expiring', period)}
         and ${notPaused}
       limit ${batch}`);
    out.push(...rows.rows.map((m) => member('expiring', m)));
  }
  if (settings.events.includes('expired')) {
    // Validity ended in the last week and not renewed (a renewal moves validTill forward); a member
    // deactivated by hand is not chased.
    const period = sql`u.valid_till::text`;
    const rows = await db.execute<MemberRow>(sql`
      select ${cols}, ${period} as period, null::int as days_left from users u ${link}
       where ${scope} and u.valid_till < ${today} and u.valid_till >= ${today} - 7
         and u.inactive_reason is distinct from 'deactivated'
         and ${notSent('expired', period)}
         and ${notPaused}
       limit ${batch}`);
    out.push(...rows.rows.map((m) => member('expired', m)));
  }
  if (settings.events.includes('dues')) {
    const period = sql`to_char(${today}, 'IYYY-"W"IW')`;
    const rows = await db.execute<MemberRow>(sql`
      select ${cols}, ${period} as period, null::int as days_left from users u ${link}
       where ${scope} and u.dues > 0 and u.inactive_reason is distinct from 'deactivated'
         and ${notSent('dues', period)}
         and ${notPaused}
       limit ${batch}`);
    // {{upiLink}}: the dues as a UPI payment link, made only where a dues template asks for it.
    const asksUpi = messageLanguages.some((l) => book('dues', l).body.includes('upiLink'));
    const upi =
      asksUpi && b.currency === 'INR'
        ? await duesUpiLinks(
            db,
            { clientId: b.client_id, branchId: b.id, today: b.today, payeeName: b.client_name },
            rows.rows.map((m) => ({ id: m.id, name: m.name, dues: Number(m.dues) })),
          )
        : new Map<number, string>();
    out.push(
      ...rows.rows.map((m) => {
        const o = member('dues', m);
        return { ...o, values: { ...o.values, upiLink: upi.get(m.id) ?? '' } };
      }),
    );
  }
  // The member's guardian, on WhatsApp only, once per validity end when it is that many days past
  // and not renewed (issue 46, point 5); an end older than a week past that is not chased.
  const guardianOut: Outgoing[] = [];
  if (settings.guardianAfterDays !== null) {
    const after = Math.max(settings.guardianAfterDays, 1);
    const period = sql`'guardian:' || u.valid_till::text`;
    const rows = await db.execute<MemberRow & { guardian_name: string | null; guardian_mobile: string }>(sql`
      select ${cols}, ${period} as period, null::int as days_left, u.guardian_name, u.guardian_mobile
        from users u ${link}
       where ${scope} and u.guardian_mobile is not null
         and u.valid_till <= ${today} - ${after}::int and u.valid_till > ${today} - ${after + 7}::int
         and u.inactive_reason is distinct from 'deactivated'
         and ${notSent('guardian', period)}
       limit ${batch}`);
    // Dues overdue that many days, counted from dues_since (the day the oldest unpaid amount fell
    // due; a settled debt clears it and a new one starts it again): once per such debt, not during a
    // pause; a debt older than a week past that is not chased, as an old validity end is not.
    const duesPeriod = sql`'guardianDues:' || u.dues_since::text`;
    const owing = await db.execute<MemberRow & { guardian_name: string | null; guardian_mobile: string }>(sql`
      select ${cols}, ${duesPeriod} as period, null::int as days_left, u.guardian_name, u.guardian_mobile
        from users u ${link}
       where ${scope} and u.guardian_mobile is not null and u.dues > 0
         and u.dues_since <= ${today} - ${after}::int and u.dues_since > ${today} - ${after + 7}::int
         and u.inactive_reason is distinct from 'deactivated'
         and ${notSent('guardianDues', duesPeriod)}
         and ${notPaused}
       limit ${batch}`);
    const toGuardianOf =
      (event: 'guardian' | 'guardianDues') =>
      (m: MemberRow & { guardian_name: string | null; guardian_mobile: string }): Outgoing => {
        const o = member(event, m);
        return {
          ...o,
          recipient: { ...o.recipient, email: null, mobile: m.guardian_mobile, optOut: [] },
          values: { ...o.values, guardianName: m.guardian_name ?? '' },
        };
      };
    guardianOut.push(
      ...rows.rows.map(toGuardianOf('guardian')),
      ...owing.rows.map(toGuardianOf('guardianDues')),
    );
  }
  if (settings.events.includes('enquiryFollowUp')) {
    // To the staff member who took the enquiry (its create audit row), if still active.
    const rows = await db.execute<{
      staff_id: number;
      email: string;
      name: string;
      follow_up_date: string;
      period: string;
    }>(sql`
      select s.id as staff_id, s.email, e.name, e.follow_up_date::text, e.id || '/' || e.follow_up_date as period
        from enquiries e
        join lateral (select a.staff_id from audit_log a
                       where a.client_id = e.client_id and a.entity = 'enquiry'
                         and a.entity_id = e.id::text and a.action = 'create'
                       order by a.at limit 1) taker on true
        join staff s on s.id = taker.staff_id and s.status = 'active'
       where e.client_id = ${b.client_id} and e.branch_id = ${b.id}
         and e.follow_up_date = ${today} and e.status not in ('converted', 'lost')
         and not exists (select 1 from messages m where m.client_id = e.client_id
               and m.event = 'enquiryFollowUp' and m.period = e.id || '/' || e.follow_up_date
               and m.staff_id = s.id)
       limit ${batch}`);
    out.push(
      ...rows.rows.map((r): Outgoing => ({
        clientId: b.client_id,
        branchId: b.id,
        event: 'enquiryFollowUp',
        period: r.period,
        recipient: {
          userId: null,
          staffId: r.staff_id,
          email: r.email,
          mobile: null,
          // Staff read it in the organisation's language (hi-IN: Hindi, issue 48).
          language: languageOf(b.locale),
          optOut: [],
        },
        values: { ...base, name: r.name, followUpDate: formatDay(r.follow_up_date, b.locale) },
      })),
    );
  }
  // Due from the tick's own moment (the column's default, the insert's clock, may be later).
  const toGuardian = {
    ...settings,
    channels: ['whatsapp' as const],
    events: ['guardian' as const, 'guardianDues' as const],
  };
  return enqueue(
    db,
    [
      ...out.flatMap((o) => rowsFor(o, settings, book)),
      ...guardianOut.flatMap((o) => rowsFor(o, toGuardian, book)),
    ].map((r) => ({ ...r, nextAttemptAt: at })),
  );
}
