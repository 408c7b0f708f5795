-- Entrance screens (issue 47): kiosks paired by a six-digit code, their keys kept hashed and revocable,
-- the organisation's check-in rules, used rotating codes, and the source of every attendance punch.
CREATE TABLE "check_in_codes_used" (
	"key" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_in_rules" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"margin_minutes" integer DEFAULT 0 NOT NULL,
	"dues_limit" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosk_pairing_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"kiosk_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosks" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" integer,
	"last_contact_at" timestamp with time zone,
	"last_address" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_punches" ALTER COLUMN "device_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_punches" ADD COLUMN "source" text DEFAULT 'door' NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_punches" ADD COLUMN "kiosk_id" integer;--> statement-breakpoint
ALTER TABLE "attendance_punches" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "attendance_punches" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "check_in_rules" ADD CONSTRAINT "check_in_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_pairing_codes" ADD CONSTRAINT "kiosk_pairing_codes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_pairing_codes" ADD CONSTRAINT "kiosk_pairing_codes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_pairing_codes" ADD CONSTRAINT "kiosk_pairing_codes_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_pairing_codes_open_uq" ON "kiosk_pairing_codes" USING btree ("code") WHERE "kiosk_pairing_codes"."used_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_key_hash_uq" ON "kiosks" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "kiosks_client_branch_idx" ON "kiosks" USING btree ("client_id","branch_id","id");--> statement-breakpoint
ALTER TABLE "attendance_punches" ADD CONSTRAINT "attendance_punches_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_punches" ADD CONSTRAINT "attendance_punches_source_ck" CHECK ("source" IN ('door', 'screen', 'staff') AND ("source" <> 'door' OR "device_id" IS NOT NULL));
