-- member_stats_sync (0009) with static statements instead of EXECUTE (issue 36, point 3): the same four
-- upserts, in the same order, but planned once per connection instead of parsed and planned on every
-- write to users (a third of a member write's PostgreSQL time under load). An UPDATE whose rows
-- changed no counted column (a rename, new notes) returns before running any of them.
CREATE OR REPLACE FUNCTION "member_stats_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH c AS (SELECT 1 AS sign, n.* FROM new_rows n)
    INSERT INTO member_stats AS s (client_id, branch_id, active, inactive, dues, owing)
    SELECT client_id, branch_id, coalesce(sum(sign) FILTER (WHERE status), 0),
           coalesce(sum(sign) FILTER (WHERE NOT status), 0), sum(sign * dues),
           coalesce(sum(sign) FILTER (WHERE dues > 0), 0)
      FROM c GROUP BY client_id, branch_id ORDER BY client_id, branch_id
    ON CONFLICT (client_id, branch_id) DO UPDATE SET
      active = s.active + excluded.active, inactive = s.inactive + excluded.inactive,
      dues = s.dues + excluded.dues, owing = s.owing + excluded.owing;
    WITH c AS (SELECT 1 AS sign, n.* FROM new_rows n)
    INSERT INTO seat_hours AS s (client_id, branch_id, hour, members)
    SELECT client_id, branch_id, h, sum(sign)
      FROM c, window_hours(entry_time, exit_time, next_day_exit) h
     WHERE status AND room_id IS NOT NULL AND seat_number IS NOT NULL
     GROUP BY client_id, branch_id, h ORDER BY client_id, branch_id, h
    ON CONFLICT (client_id, branch_id, hour) DO UPDATE SET members = s.members + excluded.members;
    WITH c AS (SELECT 1 AS sign, n.* FROM new_rows n)
    INSERT INTO daily_tallies AS t (client_id, branch_id, kind, day, key, count)
    SELECT client_id, branch_id, 'joined', joined_on, '', sum(sign)
      FROM c GROUP BY client_id, branch_id, joined_on ORDER BY client_id, branch_id, joined_on
    ON CONFLICT (client_id, branch_id, kind, day, key) DO UPDATE SET count = t.count + excluded.count;
    WITH c AS (SELECT 1 AS sign, n.* FROM new_rows n)
    INSERT INTO member_validity AS v (client_id, branch_id, valid_till, active, lapsed)
    SELECT client_id, branch_id, valid_till, coalesce(sum(sign) FILTER (WHERE status), 0),
           coalesce(sum(sign) FILTER (WHERE NOT status AND inactive_reason = 'expired'), 0)
      FROM c GROUP BY client_id, branch_id, valid_till ORDER BY client_id, branch_id, valid_till
    ON CONFLICT (client_id, branch_id, valid_till) DO UPDATE SET
      active = v.active + excluded.active, lapsed = v.lapsed + excluded.lapsed;
  ELSIF TG_OP = 'DELETE' THEN
    WITH c AS (SELECT -1 AS sign, o.* FROM old_rows o)
    INSERT INTO member_stats AS s (client_id, branch_id, active, inactive, dues, owing)
    SELECT client_id, branch_id, coalesce(sum(sign) FILTER (WHERE status), 0),
           coalesce(sum(sign) FILTER (WHERE NOT status), 0), sum(sign * dues),
           coalesce(sum(sign) FILTER (WHERE dues > 0), 0)
      FROM c GROUP BY client_id, branch_id ORDER BY client_id, branch_id
    ON CONFLICT (client_id, branch_id) DO UPDATE SET
      active = s.active + excluded.active, inactive = s.inactive + excluded.inactive,
      dues = s.dues + excluded.dues, owing = s.owing + excluded.owing;
    WITH c AS (SELECT -1 AS sign, o.* FROM old_rows o)
    INSERT INTO seat_hours AS s (client_id, branch_id, hour, members)
    SELECT client_id, branch_id, h, sum(sign)
      FROM c, window_hours(entry_time, exit_time, next_day_exit) h
     WHERE status AND room_id IS NOT NULL AND seat_number IS NOT NULL
     GROUP BY client_id, branch_id, h ORDER BY client_id, branch_id, h
    ON CONFLICT (client_id, branch_id, hour) DO UPDATE SET members = s.members + excluded.members;
    WITH c AS (SELECT -1 AS sign, o.* FROM old_rows o)
    INSERT INTO daily_tallies AS t (client_id, branch_id, kind, day, key, count)
    SELECT client_id, branch_id, 'joined', joined_on, '', sum(sign)
      FROM c GROUP BY client_id, branch_id, joined_on ORDER BY client_id, branch_id, joined_on
    ON CONFLICT (client_id, branch_id, kind, day, key) DO UPDATE SET count = t.count + excluded.count;
    WITH c AS (SELECT -1 AS sign, o.* FROM old_rows o)
    INSERT INTO member_validity AS v (client_id, branch_id, valid_till, active, lapsed)
    SELECT client_id, branch_id, valid_till, coalesce(sum(sign) FILTER (WHERE status), 0),
           coalesce(sum(sign) FILTER (WHERE NOT status AND inactive_reason = 'expired'), 0)
      FROM c GROUP BY client_id, branch_id, valid_till ORDER BY client_id, branch_id, valid_till
    ON CONFLICT (client_id, branch_id, valid_till) DO UPDATE SET
      active = v.active + excluded.active, lapsed = v.lapsed + excluded.lapsed;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n USING (id) WHERE (o.client_id, o.branch_id, o.status, o.inactive_reason, o.dues, o.entry_time, o.exit_time, o.next_day_exit, o.room_id, o.seat_number, o.joined_on, o.valid_till) IS DISTINCT FROM (n.client_id, n.branch_id, n.status, n.inactive_reason, n.dues, n.entry_time, n.exit_time, n.next_day_exit, n.room_id, n.seat_number, n.joined_on, n.valid_till)) THEN
      RETURN NULL;
    END IF;
    WITH c AS (SELECT -1 AS sign, o.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.client_id, o.branch_id, o.status, o.inactive_reason, o.dues, o.entry_time, o.exit_time, o.next_day_exit, o.room_id, o.seat_number, o.joined_on, o.valid_till) IS DISTINCT FROM (n.client_id, n.branch_id, n.status, n.inactive_reason, n.dues, n.entry_time, n.exit_time, n.next_day_exit, n.room_id, n.seat_number, n.joined_on, n.valid_till)
      UNION ALL SELECT 1, n.* FROM new_rows n JOIN old_rows o USING (id) WHERE (o.client_id, o.branch_id, o.status, o.inactive_reason, o.dues, o.entry_time, o.exit_time, o.next_day_exit, o.room_id, o.seat_number, o.joined_on, o.valid_till) IS DISTINCT FROM (n.client_id, n.branch_id, n.status, n.inactive_reason, n.dues, n.entry_time, n.exit_time, n.next_day_exit, n.room_id, n.seat_number, n.joined_on, n.valid_till))
    INSERT INTO member_stats AS s (client_id, branch_id, active, inactive, dues, owing)
    SELECT client_id, branch_id, coalesce(sum(sign) FILTER (WHERE status), 0),
           coalesce(sum(sign) FILTER (WHERE NOT status), 0), sum(sign * dues),
           coalesce(sum(sign) FILTER (WHERE dues > 0), 0)
      FROM c GROUP BY client_id, branch_id ORDER BY client_id, branch_id
    ON CONFLICT (client_id, branch_id) DO UPDATE SET
      active = s.active + excluded.active, inactive = s.inactive + excluded.inactive,
      dues = s.dues + excluded.dues, owing = s.owing + excluded.owing;
    WITH c AS (SELECT -1 AS sign, o.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.client_id, o.branch_id, o.status, o.inactive_reason, o.dues, o.entry_time, o.exit_time, o.next_day_exit, o.room_id, o.seat_number, o.joined_on, o.valid_till) IS DISTINCT FROM (n.client_id, n.branch_id, n.status, n.inactive_reason, n.dues, n.entry_time, n.exit_time, n.next_day_exit, n.room_id, n.seat_number, n.joined_on, n.valid_till)
      UNION ALL SELECT 1, n.* FROM new_rows n JOIN old_rows o USING (id) WHERE (o.client_id, o.branch_id, o.status, o.inactive_reason, o.dues, o.entry_time, o.exit_time, o.next_day_exit, o.room_id, o.seat_number, o.joined_on, o.valid_till) IS DISTINCT FROM (n.client_id, n.branch_id, n.status, n.inactive_reason, n.dues, n.entry_time, n.exit_time, n.next_day_exit, n.room_id, n.seat_number, n.joined_on, n.valid_till))
    INSERT INTO seat_hours AS s (client_id, branch_id, hour, members)
    SELECT client_id, branch_id, h, sum(sign)
      FROM c, window_hours(entry_time, exit_time, next_day_exit) h
     WHERE status AND room_id IS NOT NULL AND seat_number IS NOT NULL
     GROUP BY client_id, branch_id, h ORDER BY client_id, branch_id, h
    ON CONFLICT (client_id, branch_id, hour) DO UPDATE SET members = s.members + excluded.members;
    WITH c AS (SELECT -1 AS sign, o.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.client_id, o.branch_id, o.status, o.inactive_reason, o.dues, o.entry_time, o.exit_time, o.next_day_exit, o.room_id, o.seat_number, o.joined_on, o.valid_till) IS DISTINCT FROM (n.client_id, n.branch_id, n.status, n.inactive_reason, n.dues, n.entry_time, n.exit_time, n.next_day_exit, n.room_id, n.seat_number, n.joined_on, n.valid_till)
      UNION ALL SELECT 1, n.* FROM new_rows n JOIN old_rows o USING (id) WHERE (o.client_id, o.branch_id, o.status, o.inactive_reason, o.dues, o.entry_time, o.exit_time, o.next_day_exit, o.room_id, o.seat_number, o.joined_on, o.valid_till) IS DISTINCT FROM (n.client_id, n.branch_id, n.status, n.inactive_reason, n.dues, n.entry_time, n.exit_time, n.next_day_exit, n.room_id, n.seat_number, n.joined_on, n.valid_till))
    INSERT INTO daily_tallies AS t (client_id, branch_id, kind, day, key, count)
    SELECT client_id, branch_id, 'joined', joined_on, '', sum(sign)
      FROM c GROUP BY client_id, branch_id, joined_on ORDER BY client_id, branch_id, joined_on
    ON CONFLICT (client_id, branch_id, kind, day, key) DO UPDATE SET count = t.count + excluded.count;
    WITH c AS (SELECT -1 AS sign, o.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.client_id, o.branch_id, o.status, o.inactive_reason, o.dues, o.entry_time, o.exit_time, o.next_day_exit, o.room_id, o.seat_number, o.joined_on, o.valid_till) IS DISTINCT FROM (n.client_id, n.branch_id, n.status, n.inactive_reason, n.dues, n.entry_time, n.exit_time, n.next_day_exit, n.room_id, n.seat_number, n.joined_on, n.valid_till)
      UNION ALL SELECT 1, n.* FROM new_rows n JOIN old_rows o USING (id) WHERE (o.client_id, o.branch_id, o.status, o.inactive_reason, o.dues, o.entry_time, o.exit_time, o.next_day_exit, o.room_id, o.seat_number, o.joined_on, o.valid_till) IS DISTINCT FROM (n.client_id, n.branch_id, n.status, n.inactive_reason, n.dues, n.entry_time, n.exit_time, n.next_day_exit, n.room_id, n.seat_number, n.joined_on, n.valid_till))
    INSERT INTO member_validity AS v (client_id, branch_id, valid_till, active, lapsed)
    SELECT client_id, branch_id, valid_till, coalesce(sum(sign) FILTER (WHERE status), 0),
           coalesce(sum(sign) FILTER (WHERE NOT status AND inactive_reason = 'expired'), 0)
      FROM c GROUP BY client_id, branch_id, valid_till ORDER BY client_id, branch_id, valid_till
    ON CONFLICT (client_id, branch_id, valid_till) DO UPDATE SET
      active = v.active + excluded.active, lapsed = v.lapsed + excluded.lapsed;
  END IF;
  RETURN NULL;
END $$;
