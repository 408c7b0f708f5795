-- Pauses (issue 45, point 4): a member's validity stops for the paused days. Staff pause a member, or
-- the member asks from their page and staff approve or refuse; the organisation's policy bounds them.
ALTER TABLE "clients" ADD COLUMN "pause_max_days_year" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "pause_min_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "pause_holds_seat" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "member_pauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"branch_id" integer NOT NULL REFERENCES "branches"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"from_day" date NOT NULL,
	"days" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"requested_by" text NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"ended_on" date,
	"ended_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_pauses_days_ck" CHECK ("days" > 0),
	CONSTRAINT "member_pauses_status_ck" CHECK ("status" in ('requested', 'approved', 'rejected', 'ended')),
	CONSTRAINT "member_pauses_by_ck" CHECK ("requested_by" in ('staff', 'member'))
);--> statement-breakpoint
CREATE INDEX "member_pauses_client_user_idx" ON "member_pauses" USING btree ("client_id","user_id","from_day");--> statement-breakpoint
CREATE INDEX "member_pauses_requested_idx" ON "member_pauses" USING btree ("client_id","branch_id","id") WHERE "status" = 'requested';
