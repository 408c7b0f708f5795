-- What a member's write fans out to, in fewer statements (issue 36, point 3). Same rows as before.
-- Search terms: the member's words are split once and feed both tables (was split twice, two inserts).
CREATE OR REPLACE FUNCTION member_terms_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.name = OLD.name AND NEW.email IS NOT DISTINCT FROM OLD.email
       AND NEW.branch_id = OLD.branch_id AND NEW.client_id = OLD.client_id THEN
      IF NEW.status <> OLD.status THEN
        UPDATE member_terms SET status = NEW.status WHERE user_id = NEW.id;
      END IF;
      RETURN NULL;
    END IF;
    DELETE FROM member_terms WHERE user_id = NEW.id;
  END IF;
  WITH terms AS (
    INSERT INTO member_terms (user_id, client_id, branch_id, term, name, status)
    SELECT NEW.id, NEW.client_id, NEW.branch_id, w, NEW.name, NEW.status FROM member_words(NEW.name, NEW.email) AS w
    RETURNING term
  )
  INSERT INTO member_search_words (client_id, term)
    SELECT NEW.client_id, term FROM terms
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A member's whole state on a device (the user record, then every kept fingerprint template) in one
-- statement instead of a call of device_queue_put per command, each checking the device again. Only
-- an accepted device of the member's own branch is queued; a newer state of an unconfirmed command
-- takes a fresh id and keeps the label "enrol" while the enrol itself was never confirmed, as
-- device_queue_put does. The kinds here are never 'delete' (that one stays device_queue_put's).
CREATE OR REPLACE FUNCTION "device_queue_member"(p_device integer, u users, p_kind text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_commands AS c (client_id, branch_id, device_id, pin, topic, kind, payload)
  SELECT u.client_id, u.branch_id, d.id, u.id, x.topic, x.kind, x.payload
    FROM devices d
    CROSS JOIN LATERAL (
      SELECT 0 AS n, 0 AS fid, 'user' AS topic, p_kind AS kind,
             jsonb_build_object('name', u.name, 'allowed', u.status, 'entryTime', u.entry_time::text,
                                'exitTime', u.exit_time::text, 'nextDayExit', u.next_day_exit) AS payload
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
