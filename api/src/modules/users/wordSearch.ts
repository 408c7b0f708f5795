import { and, asc, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { ListResponse } from '@app/contract/list';
import type { User, UserListQuery } from '@app/contract/users';
import { memberSearchWords, memberTerms, users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import {
  decodeCursor,
  endsHere,
  knownOverCap,
  likePattern,
  listRows,
  pageOf,
  rememberOverCap,
  totalCap,
  type ListSpec,
} from '../../platform/list.ts';
import { memberListColumns, memberRecordColumns, memberRecordConversions, toUser } from './members.ts';

/**
 * Members' search by words (docs/decisions/performance.md, "Lists at scale"). A name fragment such as `shar`
 * matches tens of thousands of a million members; sorted by name, the generic plan either walks the
 * name index until 25 of them turn up or fetches them all and sorts (80 ms and more). member_terms
 * holds every word of every member's name and email with the name beside it, ordered by
 * (word, name): the few words that contain the fragment come from the organisation's word list
 * (pg_trgm), and each word's first members by name are read straight off that index. The results
 * are exactly those of ILIKE '%q%' on name and email, which is why only a run of letters takes
 * this way (see wordFragment); anything else, or a fragment common to too many words, takes the
 * generic plan.
 */

/** More words than this contain the fragment (it is short or common): the generic plan is as good. */
const maxWords = 50;

/** The fragment, lower case, when the words answer it: 3 or more ASCII letters and nothing else. */
export function wordFragment(q: string | undefined): string | undefined {
  const text = q?.trim();
  return text && /^[a-z]{3,}$/i.test(text) ? text.toLowerCase() : undefined;
}

/** Filters of the query other than the status, which member_terms carries itself. */
const otherFilters = (q: UserListQuery) =>
  q.reason !== undefined ||
  q.expiringWithinDays !== undefined ||
  q.roomId !== undefined ||
  q.packageId !== undefined ||
  q.feeStructureId !== undefined ||
  q.addedToBiometricMachine !== undefined;

/**
 * The members list: by words when the search is a fragment of letters and the order is by name,
 * otherwise the generic listRows. `spec.where` is scope and filters without the search. The items
 * are member records (toUser's).
 */
export async function listMembers(
  db: Db,
  ctx: StaffContext,
  spec: ListSpec,
  query: UserListQuery,
  opts: { withTotal: boolean } = { withTotal: true },
): Promise<ListResponse<User>> {
  const fragment = wordFragment(query.q);
  const sort = query.sort ?? spec.defaultSort;
  if (fragment && (sort === 'name' || sort === '-name')) {
    const words = await db
      .select({ term: memberSearchWords.term })
      .from(memberSearchWords)
      .where(
        and(
          eq(memberSearchWords.clientId, ctx.clientId),
          like(memberSearchWords.term, likePattern(fragment)),
        ),
      )
      .limit(maxWords + 1);
    if (words.length <= maxWords) {
      return listByWords(
        db,
        ctx,
        spec,
        query,
        sort,
        words.map((w) => w.term),
        opts,
      );
    }
  }
  return listRows<User>(
    db,
    { ...spec, columns: memberRecordColumns, convert: memberRecordConversions },
    query,
    opts,
  );
}

async function listByWords(
  db: Db,
  ctx: StaffContext,
  spec: ListSpec,
  query: UserListQuery,
  sort: string,
  words: string[],
  opts: { withTotal: boolean },
): Promise<ListResponse<User>> {
  const descending = sort === '-name';
  const cursor = query.after === undefined ? undefined : decodeCursor(query.after, sort);
  const offset = cursor ? 0 : query.page * query.pageSize;
  if (words.length === 0) return pageOf<User>([], query, 0);

  const termArray = sql`array[${sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;
  const status =
    query.status === 'active'
      ? sql`and mt.status`
      : query.status === 'inactive'
        ? sql`and not mt.status`
        : sql``;
  // Scope and filters are conditions on users: joined only when a filter other than status needs it,
  // so the common case reads member_terms' index alone.
  const joinUsers = otherFilters(query)
    ? sql`join ${users} on ${users.id} = mt.user_id and ${and(...spec.where)}`
    : sql``;
  const dir = descending ? sql`desc` : sql`asc`;
  const afterCursor = cursor
    ? descending
      ? sql`and (mt.name, mt.user_id) < (${cursor[1]}, ${cursor[2]})`
      : sql`and (mt.name, mt.user_id) > (${cursor[1]}, ${cursor[2]})`
    : sql``;
  const matches = (word: SQL) => sql`
    mt.client_id = ${ctx.clientId} and mt.branch_id = ${ctx.branchId} and mt.term = ${word} ${status}`;

  // Per word its first members in order (an index range each), then the page among them; a member
  // with two matching words appears once.
  const pageIds = sql`
    select p.user_id from (
      select x.user_id, x.name from unnest(${termArray}) as w(term)
      cross join lateral (
        select mt.user_id, mt.name from ${memberTerms} mt ${joinUsers}
         where ${matches(sql`w.term`)} ${afterCursor}
         order by mt.name ${dir}, mt.user_id ${dir}
         limit ${offset + query.pageSize}
      ) x
      group by x.user_id, x.name
      order by x.name ${dir}, x.user_id ${dir}
      limit ${query.pageSize} offset ${offset}
    ) p`;
  // Up to cap + 1 members per word, each an index range, then distinct: exact while the total is
  // within the cap (no word alone exceeds it then), and past the cap as soon as one word is.
  const countSql = sql`
    select count(*)::int as total from (
      select distinct x.user_id from unnest(${termArray}) as w(term)
      cross join lateral (
        select mt.user_id from ${memberTerms} mt ${joinUsers}
         where ${matches(sql`w.term`)}
         limit ${totalCap + 1}
      ) x
    ) c`;
  // The list's identity: who, which words, which filters (and the date the expiring filter counts from).
  const filtersOnly = { ...query, page: 0, pageSize: 0, after: undefined, sort: undefined, q: undefined };
  const countKey = `${ctx.clientId}:${ctx.branchId}:${ctx.branchToday}:${words.join(' ')}:${JSON.stringify(filtersOnly)}`;
  const order = descending ? [desc(users.name), desc(users.id)] : [asc(users.name), asc(users.id)];
  const rows = await db
    .select(memberListColumns)
    .from(users)
    .where(sql`${users.id} = any(array(${pageIds}))`)
    .orderBy(...order);
  // As in listRows: the last page needs no count, a list known to be large no recount.
  const needsCount =
    opts.withTotal && !endsHere(rows.length, query) && !knownOverCap(db, `words:${countKey}`);
  const counted = needsCount
    ? await db.execute<{ total: number }>(countSql).then((r) => Number(r.rows[0]?.total ?? 0))
    : totalCap + 1;
  if (needsCount && counted > totalCap) rememberOverCap(db, `words:${countKey}`);
  const last = rows.at(-1);
  return pageOf(rows.map(toUser), query, counted, last ? [sort, last.name, last.id] : undefined);
}
