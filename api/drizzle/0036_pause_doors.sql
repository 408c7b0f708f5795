-- A pause shuts the member's door on the biometric devices (issue 45, point 4). A paused member is
-- sent to the device as not allowed (the refused group) by device_queue_member, whichever change
-- queues them; the pause sweep (api/src/modules/pauses/doors.ts) queues the member when a pause
-- begins (door_shut_at) and again when it is over or ended early (door_opened_at), once each.
ALTER TABLE "member_pauses" ADD COLUMN "door_shut_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_pauses" ADD COLUMN "door_opened_at" timestamp with time zone;--> statement-breakpoint
-- Pauses whose door the sweep has still to shut or open: a handful at any time, however many pauses.
CREATE INDEX "member_pauses_door_idx" ON "member_pauses" USING btree ("branch_id", "from_day")
  WHERE "status" = 'approved' AND "door_shut_at" IS NULL;--> statement-breakpoint
CREATE INDEX "member_pauses_door_open_idx" ON "member_pauses" USING btree ("branch_id")
  WHERE "door_shut_at" IS NOT NULL AND "door_opened_at" IS NULL;--> statement-breakpoint
-- In an approved pause on the branch's date: from its first day to the day before from + days.
CREATE OR REPLACE FUNCTION "member_paused_today"(u users) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM member_pauses mp JOIN branches b ON b.id = u.branch_id
     WHERE mp.client_id = u.client_id AND mp.user_id = u.id AND mp.status = 'approved'
       AND mp.from_day <= (now() AT TIME ZONE b.timezone)::date
       AND (now() AT TIME ZONE b.timezone)::date < mp.from_day + mp.days)
$$;--> statement-breakpoint
-- As in 0022, with 'allowed' false while the member is paused.
CREATE OR REPLACE FUNCTION "device_queue_member"(p_device integer, u users, p_kind text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_commands AS c (client_id, branch_id, device_id, pin, topic, kind, payload)
  SELECT u.client_id, u.branch_id, d.id, u.id, x.topic, x.kind, x.payload
    FROM devices d
    CROSS JOIN LATERAL (
      SELECT 0 AS n, 0 AS fid, 'user' AS topic, p_kind AS kind,
             jsonb_build_object('name', u.name, 'allowed', u.status AND NOT member_paused_today(u),
                                'entryTime', u.entry_time::text, 'exitTime', u.exit_time::text,
                                'nextDayExit', u.next_day_exit) AS payload
      UNION ALL
      SELECT 1, t.fid, 'fp:' || t.fid, 'template',
             jsonb_build_object('fid', t.fid, 'size', t.size, 'valid', t.valid, 'template', t.template)
        FROM biometric_templates t
       WHERE p_kind = 'enrol' AND t.client_id = u.client_id AND t.user_id = u.id
    ) x
   WHERE d.id = p_device AND d.client_id = u.client_id AND d.branch_id = u.branch_id AND d.status = 'accepted'
   ORDER BY x.n, x.fid
  ON CONFLICT (device_id, pin, topic) WHERE confirmed_at IS NULL DO UPDATE
     SET id = nextval(pg_get_serial_sequence('device_commands', 'id')),
         kind = CASE WHEN c.kind = 'enrol' AND excluded.kind IN ('window', 'block', 'unblock')
                     THEN 'enrol' ELSE excluded.kind END,
         payload = excluded.payload, created_at = now(), sent_at = NULL, sent_count = 0, return_code = NULL;
END $$;
