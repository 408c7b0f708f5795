// The floor for the members list (issue #21, point 5): a bare Fastify + pg server that sends the
// same SQL statements the product sends for GET /api/user/getUsers?page=0&pageSize=25&sort=name (the
// caller's context, the page's rows, and the capped count at most once a minute, as the product's
// over-cap memory does) and answers byte-identical JSON. No validation, no permissions, no logging:
// what is left is PostgreSQL, the driver and the HTTP server. floor-bench.ts starts it beside the
// product and compares the two.
// Run by floor-bench.ts: DATABASE_URL=... PORT=0 node --import tsx src/floor-raw-server.ts
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// As the product's driver (drizzle): dates and timestamps stay text, bigint becomes a number.
const asText = (v: string) => v;
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 1082 || oid === 1114 || oid === 1184 ? asText : pg.types.getTypeParser(oid, format),
};

/**
 * The product's statements, as drizzle writes them and sends them (captured with log_statement = 'all'):
 * the caller's context prepared by name, the rest unnamed.
 */
const callerContext = `select "staff"."staff_name", "staff"."status", "staff"."branch_ids", "staff"."role_id", "staff_roles"."is_owner", "staff_roles"."permissions", "branches"."id", (now() at time zone "branches"."timezone")::date::text, pg_current_snapshot()::text, exists (select 1 from "refresh_tokens" r
        where r.family_id = $1 and r.staff_id = "staff"."id"
          and r.revoked_at is null and r.rotated_at is null and r.expires_at > now()) from "staff" inner join "staff_roles" on "staff_roles"."id" = "staff"."role_id" left join "branches" on ("branches"."id" = $2 and "branches"."client_id" = "staff"."client_id" and "branches"."status" = $3) where ("staff"."id" = $4 and "staff"."client_id" = $5)`;
const rowsStatement = `
    select "users"."id", "users"."client_id", "users"."branch_id", "users"."name", "users"."email", "users"."mobile", "users"."status", "users"."inactive_reason", "users"."added_to_biometric_machine", "users"."biometric_machine_id", "users"."next_day_exit", "users"."entry_time", "users"."exit_time", "users"."valid_from", "users"."valid_till", "users"."room_id", "users"."seat_number", "users"."package_id", "users"."fee_structure_id", "users"."address", "users"."notes", "users"."joined_on", "users"."enquiry_id", "users"."dues", "users"."dues_since", "users"."created_at", "users"."updated_at" from "users"
    inner join (
      select "users"."id" as page_id from "users"
       where ("users"."client_id" = $1 and "users"."branch_id" = $2)
       order by "users"."name" asc, "users"."id" asc limit $3
    ) page_ids on "users"."id" = page_ids.page_id
    order by "users"."name" asc, "users"."id" asc`;
const countStatement = `select count(*) from (select 1 as "one" from "users" where ("users"."client_id" = $1 and "users"."branch_id" = $2) limit $3) "capped"`;

type Claims = { sub: string; cid: number; fam: string };
const claimsOf = (token: string): Claims =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Claims;

const members = (rows: Record<string, unknown>[]) =>
  rows.map((r) => ({
    userId: r.id,
    clientId: r.client_id,
    branchId: r.branch_id,
    name: r.name,
    email: r.email,
    mobile: r.mobile,
    status: r.status,
    inactiveReason: r.inactive_reason,
    addedToBiometricMachine: r.added_to_biometric_machine,
    biometricMachineId: r.biometric_machine_id,
    nextDayExit: r.next_day_exit,
    entryTime: r.entry_time,
    exitTime: r.exit_time,
    validFrom: r.valid_from,
    validTill: r.valid_till,
    roomId: r.room_id,
    seatNumber: r.seat_number,
    packageId: r.package_id,
    feeStructureId: r.fee_structure_id,
    address: r.address,
    notes: r.notes,
    joinedOn: r.joined_on,
    enquiryId: r.enquiry_id,
    dues: Number(r.dues),
    duesSince: r.dues_since,
    createdAt: new Date(r.created_at as string).toISOString(),
    updatedAt: new Date(r.updated_at as string).toISOString(),
  }));

let countedAt = 0;
let counted = 0;
const app = Fastify();
app.get('/api/user/getUsers', async (request, reply) => {
  const claims = claimsOf(request.headers.authorization!.slice(7));
  const branchId = Number(request.headers.branchid);
  await pool.query({
    name: 'caller_context',
    text: callerContext,
    values: [claims.fam, branchId, 'active', Number(claims.sub), claims.cid],
    rowMode: 'array',
  });
  const { rows } = await pool.query({
    text: rowsStatement,
    values: [claims.cid, branchId, 25],
    types,
  });
  if (Date.now() - countedAt > 60_000) {
    const res = await pool.query({ text: countStatement, values: [claims.cid, branchId, 10_001] });
    counted = Number(res.rows[0].count);
    countedAt = Date.now();
  }
  const last = rows.at(-1)!;
  const body = JSON.stringify({
    items: members(rows),
    total: Math.min(counted, 10_000),
    page: 0,
    pageSize: 25,
    totalCapped: counted > 10_000,
    nextAfter: Buffer.from(JSON.stringify(['name', last.name, last.id])).toString('base64url'),
  });
  return reply.type('application/json; charset=utf-8').send(body);
});

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`raw server at ${address}`);
