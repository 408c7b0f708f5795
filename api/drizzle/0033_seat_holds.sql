-- Choosing a seat on the member page (issue 45, point 5): a hold per choice, ended by time, by the
-- member's next choice, or taken by the confirm of their UPI claim.
ALTER TABLE "clients" ADD COLUMN "seat_hold_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
CREATE TABLE "seat_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"branch_id" integer NOT NULL REFERENCES "branches"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"room_id" integer NOT NULL REFERENCES "rooms"("id"),
	"seat_number" integer NOT NULL,
	"entry_time" time NOT NULL,
	"exit_time" time NOT NULL,
	"next_day_exit" boolean NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_holds_status_ck" CHECK ("status" in ('held', 'taken', 'ended'))
);--> statement-breakpoint
CREATE INDEX "seat_holds_room_idx" ON "seat_holds" USING btree ("client_id","room_id","seat_number") WHERE "status" = 'held';--> statement-breakpoint
CREATE INDEX "seat_holds_user_idx" ON "seat_holds" USING btree ("client_id","user_id","created_at");
