-- Reminders and messages (issue 17): the member's language and opt-outs, the organisation's reminder
-- settings and template edits, and the outbox every message goes through.
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "message_opt_out" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE TABLE "message_settings" (
	"client_id" integer PRIMARY KEY NOT NULL REFERENCES "clients"("id"),
	"days_before" integer[] DEFAULT '{7,3,1}' NOT NULL,
	"quiet_start" time,
	"quiet_end" time,
	"channels" text[] DEFAULT '{email}' NOT NULL,
	"events" text[] DEFAULT '{expiring,expired,dues,paymentReceipt,refundReceipt,enquiryFollowUp}' NOT NULL,
	"providers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "message_templates" (
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"event" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_pk" PRIMARY KEY("client_id","event","language")
);--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"branch_id" integer NOT NULL REFERENCES "branches"("id"),
	"user_id" integer REFERENCES "users"("id"),
	"staff_id" integer REFERENCES "staff"("id"),
	"event" text NOT NULL,
	"period" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- Once per person, event, period and channel, whatever the number of server processes adding it.
CREATE UNIQUE INDEX "messages_once_uq" ON "messages" USING btree ("client_id","event","period","channel",coalesce("user_id", 0),coalesce("staff_id", 0));--> statement-breakpoint
-- What the delivery step claims: due rows only.
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("next_attempt_at") WHERE "status" IN ('queued', 'failed');--> statement-breakpoint
CREATE INDEX "messages_client_branch_created_idx" ON "messages" USING btree ("client_id","branch_id","created_at","id");
