CREATE TABLE "daily_tallies" (
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_tallies_client_id_branch_id_kind_day_key_pk" PRIMARY KEY("client_id","branch_id","kind","day","key")
);
--> statement-breakpoint
CREATE TABLE "member_stats" (
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"inactive" integer DEFAULT 0 NOT NULL,
	"dues" bigint DEFAULT 0 NOT NULL,
	"owing" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_stats_client_id_branch_id_pk" PRIMARY KEY("client_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "member_validity" (
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"valid_till" date NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"lapsed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_validity_client_id_branch_id_valid_till_pk" PRIMARY KEY("client_id","branch_id","valid_till")
);
--> statement-breakpoint
CREATE TABLE "seat_hours" (
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"hour" smallint NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "seat_hours_client_id_branch_id_hour_pk" PRIMARY KEY("client_id","branch_id","hour")
);
--> statement-breakpoint
-- The hours of the day (0..23) a daily window [entry, exit) touches; it wraps past midnight with
-- next_day_exit (or an exit before the entry); entry = exit is the whole day.
CREATE FUNCTION "window_hours"(entry time, exit time, next_day boolean) RETURNS SETOF smallint
LANGUAGE sql IMMUTABLE AS $$
  WITH w AS (SELECT (extract(epoch FROM entry) / 60)::int AS e, (extract(epoch FROM exit) / 60)::int AS x)
  SELECT h::smallint FROM w, generate_series(0, 23) h
   WHERE e = x
      OR (x > e AND NOT next_day AND e < h * 60 + 60 AND x > h * 60)
      OR ((next_day OR x < e) AND (e < h * 60 + 60 OR x > h * 60))
$$;--> statement-breakpoint
-- Keeps member_stats, member_validity, seat_hours and the 'joined' tally in step with users, once per
-- statement (an import of 20,000 members or the nightly expiry is one pass, not 20,000). Only rows
-- whose counted columns changed take part, so a rename touches nothing. Groups are written in key
-- order, so two statements over several branches take the summary rows' locks in the same order.
CREATE FUNCTION "member_stats_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := '(o.client_id, o.branch_id, o.status, o.inactive_reason, o.dues, o.entry_time, o.exit_time, '
    || 'o.next_day_exit, o.room_id, o.seat_number, o.joined_on, o.valid_till) IS DISTINCT FROM (n.client_id, '
    || 'n.branch_id, n.status, n.inactive_reason, n.dues, n.entry_time, n.exit_time, n.next_day_exit, n.room_id, '
    || 'n.seat_number, n.joined_on, n.valid_till)';
  src text;
BEGIN
  src := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, n.* FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, o.* FROM old_rows o'
    ELSE 'SELECT -1 AS sign, o.* FROM old_rows o JOIN new_rows n USING (id) WHERE ' || changed
      || ' UNION ALL SELECT 1, n.* FROM new_rows n JOIN old_rows o USING (id) WHERE ' || changed
  END;
  EXECUTE 'WITH c AS (' || src || ')
    INSERT INTO member_stats AS s (client_id, branch_id, active, inactive, dues, owing)
    SELECT client_id, branch_id, coalesce(sum(sign) FILTER (WHERE status), 0),
           coalesce(sum(sign) FILTER (WHERE NOT status), 0), sum(sign * dues),
           coalesce(sum(sign) FILTER (WHERE dues > 0), 0)
      FROM c GROUP BY client_id, branch_id ORDER BY client_id, branch_id
    ON CONFLICT (client_id, branch_id) DO UPDATE SET
      active = s.active + excluded.active, inactive = s.inactive + excluded.inactive,
      dues = s.dues + excluded.dues, owing = s.owing + excluded.owing';
  EXECUTE 'WITH c AS (' || src || ')
    INSERT INTO seat_hours AS s (client_id, branch_id, hour, members)
    SELECT client_id, branch_id, h, sum(sign)
      FROM c, window_hours(entry_time, exit_time, next_day_exit) h
     WHERE status AND room_id IS NOT NULL AND seat_number IS NOT NULL
     GROUP BY client_id, branch_id, h ORDER BY client_id, branch_id, h
    ON CONFLICT (client_id, branch_id, hour) DO UPDATE SET members = s.members + excluded.members';
  EXECUTE 'WITH c AS (' || src || ')
    INSERT INTO daily_tallies AS t (client_id, branch_id, kind, day, key, count)
    SELECT client_id, branch_id, ''joined'', joined_on, '''', sum(sign)
      FROM c GROUP BY client_id, branch_id, joined_on ORDER BY client_id, branch_id, joined_on
    ON CONFLICT (client_id, branch_id, kind, day, key) DO UPDATE SET count = t.count + excluded.count';
  EXECUTE 'WITH c AS (' || src || ')
    INSERT INTO member_validity AS v (client_id, branch_id, valid_till, active, lapsed)
    SELECT client_id, branch_id, valid_till, coalesce(sum(sign) FILTER (WHERE status), 0),
           coalesce(sum(sign) FILTER (WHERE NOT status AND inactive_reason = ''expired''), 0)
      FROM c GROUP BY client_id, branch_id, valid_till ORDER BY client_id, branch_id, valid_till
    ON CONFLICT (client_id, branch_id, valid_till) DO UPDATE SET
      active = v.active + excluded.active, lapsed = v.lapsed + excluded.lapsed';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_stats_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "member_stats_sync"();--> statement-breakpoint
CREATE TRIGGER "users_stats_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "member_stats_sync"();--> statement-breakpoint
CREATE TRIGGER "users_stats_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "member_stats_sync"();--> statement-breakpoint
-- What exists so far.
INSERT INTO member_stats (client_id, branch_id, active, inactive, dues, owing)
SELECT client_id, branch_id, count(*) FILTER (WHERE status), count(*) FILTER (WHERE NOT status),
       sum(dues), count(*) FILTER (WHERE dues > 0)
  FROM users GROUP BY client_id, branch_id;--> statement-breakpoint
INSERT INTO seat_hours (client_id, branch_id, hour, members)
SELECT client_id, branch_id, h, count(*) FROM users, window_hours(entry_time, exit_time, next_day_exit) h
 WHERE status AND room_id IS NOT NULL AND seat_number IS NOT NULL GROUP BY client_id, branch_id, h;--> statement-breakpoint
INSERT INTO member_validity (client_id, branch_id, valid_till, active, lapsed)
SELECT client_id, branch_id, valid_till, count(*) FILTER (WHERE status),
       count(*) FILTER (WHERE NOT status AND inactive_reason = 'expired')
  FROM users GROUP BY client_id, branch_id, valid_till;--> statement-breakpoint
INSERT INTO daily_tallies (client_id, branch_id, kind, day, key, count)
SELECT client_id, branch_id, 'joined', joined_on, '', count(*) FROM users GROUP BY client_id, branch_id, joined_on;--> statement-breakpoint
-- The money tallies recomputed from the rows (the migration and the demo seed; requests keep them
-- with tally() in the same transaction as each money row). NULL: every organisation.
CREATE FUNCTION "refresh_money_tallies"(p_client integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM daily_tallies WHERE (p_client IS NULL OR client_id = p_client)
    AND kind IN ('payment', 'renewal', 'feeType', 'refund', 'expense', 'expenseCategory');
  INSERT INTO daily_tallies (client_id, branch_id, kind, day, key, amount, count)
  SELECT client_id, branch_id, 'payment', paid_on, mode, sum(received), count(*) FROM payments
   WHERE status = 'completed' AND (p_client IS NULL OR client_id = p_client) GROUP BY 1, 2, 4, 5
  UNION ALL
  SELECT client_id, branch_id, 'renewal', paid_on, '', 0, count(*) FROM payments
   WHERE status = 'completed' AND fee_structure_id IS NOT NULL AND (p_client IS NULL OR client_id = p_client)
   GROUP BY 1, 2, 4
  UNION ALL
  SELECT p.client_id, p.branch_id, 'feeType', p.paid_on, l->>'feeTypeId', sum((l->>'amount')::bigint), count(*)
    FROM payments p, jsonb_array_elements(p.lines) l
   WHERE p.status = 'completed' AND l->>'feeTypeId' IS NOT NULL AND (p_client IS NULL OR p.client_id = p_client)
   GROUP BY 1, 2, 4, 5
  UNION ALL
  SELECT client_id, branch_id, 'refund', refunded_on, mode, sum(amount), count(*) FROM refunds
   WHERE p_client IS NULL OR client_id = p_client GROUP BY 1, 2, 4, 5
  UNION ALL
  SELECT client_id, branch_id, 'expense', paid_on, mode, sum(amount), count(*) FROM expenses
   WHERE status = 'completed' AND (p_client IS NULL OR client_id = p_client) GROUP BY 1, 2, 4, 5
  UNION ALL
  SELECT client_id, branch_id, 'expenseCategory', paid_on, category_id::text, sum(amount), count(*) FROM expenses
   WHERE status = 'completed' AND (p_client IS NULL OR client_id = p_client) GROUP BY 1, 2, 4, 5;
$$;--> statement-breakpoint
SELECT refresh_money_tallies(NULL);
