CREATE TABLE "attendance_punches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"pin" integer NOT NULL,
	"user_id" integer,
	"device_time" timestamp NOT NULL,
	"punched_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"device_status" smallint DEFAULT 0 NOT NULL,
	"verify" smallint DEFAULT 0 NOT NULL,
	"outside_window" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biometric_templates" (
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"fid" smallint NOT NULL,
	"size" integer NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL,
	"template" text NOT NULL,
	"device_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biometric_templates_client_id_user_id_fid_pk" PRIMARY KEY("client_id","user_id","fid")
);
--> statement-breakpoint
CREATE TABLE "device_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"pin" integer NOT NULL,
	"topic" text DEFAULT 'user' NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"return_code" integer,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"branch_id" integer,
	"serial_number" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"first_contact_at" timestamp with time zone,
	"last_contact_at" timestamp with time zone,
	"last_address" text,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"att_stamp" text,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_punches" ADD CONSTRAINT "attendance_punches_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_punches" ADD CONSTRAINT "attendance_punches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_punches" ADD CONSTRAINT "attendance_punches_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_punches" ADD CONSTRAINT "attendance_punches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biometric_templates" ADD CONSTRAINT "biometric_templates_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biometric_templates" ADD CONSTRAINT "biometric_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biometric_templates" ADD CONSTRAINT "biometric_templates_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_punches_device_pin_time_uq" ON "attendance_punches" USING btree ("device_id","pin","device_time");--> statement-breakpoint
CREATE INDEX "attendance_punches_client_branch_day_idx" ON "attendance_punches" USING btree ("client_id","branch_id","day","user_id","punched_at");--> statement-breakpoint
CREATE INDEX "attendance_punches_client_user_idx" ON "attendance_punches" USING btree ("client_id","user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "device_commands_open_uq" ON "device_commands" USING btree ("device_id","pin","topic") WHERE "device_commands"."confirmed_at" is null;--> statement-breakpoint
CREATE INDEX "device_commands_device_open_idx" ON "device_commands" USING btree ("device_id","id") WHERE "device_commands"."confirmed_at" is null;--> statement-breakpoint
CREATE INDEX "device_commands_client_pin_idx" ON "device_commands" USING btree ("client_id","pin","id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_serial_uq" ON "devices" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "devices_client_branch_name_idx" ON "devices" USING btree ("client_id","branch_id","name","id");--> statement-breakpoint
-- The device command queue (issue 15). device_queue_put records the latest state of one (device,
-- PIN, topic) while unconfirmed: a newer state takes a fresh id (so a late confirmation of the old
-- command cannot confirm it), resets the retry counters and keeps the label "enrol" while the enrol
-- itself was never confirmed. Only an accepted device of the member's own branch is queued.
CREATE FUNCTION "device_queue_put"(p_client integer, p_branch integer, p_device integer, p_pin integer,
    p_topic text, p_kind text, p_payload jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM devices
   WHERE id = p_device AND client_id = p_client AND branch_id = p_branch AND status = 'accepted';
  IF NOT FOUND THEN RETURN; END IF;
  IF p_kind = 'delete' THEN
    -- The device forgets the member with their templates: pending template commands are moot.
    DELETE FROM device_commands
     WHERE device_id = p_device AND pin = p_pin AND topic <> 'user' AND confirmed_at IS NULL;
  END IF;
  INSERT INTO device_commands AS c (client_id, branch_id, device_id, pin, topic, kind, payload)
  VALUES (p_client, p_branch, p_device, p_pin, p_topic, p_kind, p_payload)
  ON CONFLICT (device_id, pin, topic) WHERE confirmed_at IS NULL DO UPDATE
     SET id = nextval(pg_get_serial_sequence('device_commands', 'id')),
         kind = CASE WHEN c.kind = 'enrol' AND excluded.kind IN ('window', 'block', 'unblock')
                     THEN 'enrol' ELSE excluded.kind END,
         payload = excluded.payload, created_at = now(), sent_at = NULL, sent_count = 0, return_code = NULL;
END $$;--> statement-breakpoint
-- A member's whole state on a device: the user record, then every kept fingerprint template.
CREATE FUNCTION "device_queue_member"(p_device integer, u users, p_kind text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM device_queue_put(u.client_id, u.branch_id, p_device, u.id, 'user', p_kind,
    jsonb_build_object('name', u.name, 'allowed', u.status, 'entryTime', u.entry_time::text,
                       'exitTime', u.exit_time::text, 'nextDayExit', u.next_day_exit));
  IF p_kind = 'enrol' THEN
    PERFORM device_queue_put(u.client_id, u.branch_id, p_device, u.id, 'fp:' || t.fid, 'template',
      jsonb_build_object('fid', t.fid, 'size', t.size, 'valid', t.valid, 'template', t.template))
      FROM biometric_templates t WHERE t.client_id = u.client_id AND t.user_id = u.id;
  END IF;
END $$;--> statement-breakpoint
-- Every way a member changes (create, edit, import, payment, void, refund, expiry sweep, deactivation,
-- reactivation, delete) queues what their device must learn, in that change's own transaction.
CREATE FUNCTION "device_member_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_device integer;
  new_device integer;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.added_to_biometric_machine THEN old_device := OLD.biometric_machine_id; END IF;
  IF TG_OP <> 'DELETE' AND NEW.added_to_biometric_machine THEN new_device := NEW.biometric_machine_id; END IF;
  IF old_device IS NOT NULL AND (new_device IS DISTINCT FROM old_device OR NEW.branch_id <> OLD.branch_id) THEN
    PERFORM device_queue_put(OLD.client_id, OLD.branch_id, old_device, OLD.id, 'user', 'delete', '{}'::jsonb);
  END IF;
  IF new_device IS NOT NULL THEN
    PERFORM device_queue_member(new_device, NEW,
      CASE WHEN old_device IS DISTINCT FROM new_device OR NEW.branch_id <> OLD.branch_id THEN 'enrol'
           WHEN OLD.status AND NOT NEW.status THEN 'block'
           WHEN NOT OLD.status AND NEW.status THEN 'unblock'
           ELSE 'window' END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_device_insert" AFTER INSERT ON "users" FOR EACH ROW
  WHEN (NEW.added_to_biometric_machine) EXECUTE FUNCTION "device_member_sync"();--> statement-breakpoint
CREATE TRIGGER "users_device_update" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD.added_to_biometric_machine OR NEW.added_to_biometric_machine) AND (
    OLD.added_to_biometric_machine IS DISTINCT FROM NEW.added_to_biometric_machine
    OR OLD.biometric_machine_id IS DISTINCT FROM NEW.biometric_machine_id
    OR OLD.branch_id IS DISTINCT FROM NEW.branch_id
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.entry_time IS DISTINCT FROM NEW.entry_time
    OR OLD.exit_time IS DISTINCT FROM NEW.exit_time
    OR OLD.next_day_exit IS DISTINCT FROM NEW.next_day_exit))
  EXECUTE FUNCTION "device_member_sync"();--> statement-breakpoint
CREATE TRIGGER "users_device_delete" AFTER DELETE ON "users" FOR EACH ROW
  WHEN (OLD.added_to_biometric_machine) EXECUTE FUNCTION "device_member_sync"();
