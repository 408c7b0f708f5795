-- Several API servers on one database (issue 43, point 3). The per-minute allowances of the member
-- page, pauses and entrance screens were counted in each process, so N servers let N times as much
-- through: they are counted here, one row per key and minute window, shared by every server.
CREATE TABLE "rate_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"count" integer DEFAULT 1 NOT NULL
);--> statement-breakpoint
CREATE INDEX "rate_windows_started_idx" ON "rate_windows" USING btree ("started_at");--> statement-breakpoint
-- An entrance screen's check-in results (and its revocation, event null) pass through here, so a
-- screen listening on one server hears a scan decided on another; rows live about a minute.
CREATE TABLE "kiosk_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kiosk_id" integer NOT NULL,
	"event" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "kiosk_events_at_idx" ON "kiosk_events" USING btree ("at");
