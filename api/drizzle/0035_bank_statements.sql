-- Bank statements (issue 44, point 6): an account's statement lines, matched to claims, payments,
-- expenses and transfers, and the column mapping staff gave for a file no known bank's headings fit.
ALTER TABLE "bank_accounts" ADD COLUMN "statement_mapping" jsonb;--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"bank_account_id" integer NOT NULL REFERENCES "bank_accounts"("id"),
	"day" date NOT NULL,
	"narration" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"balance" bigint,
	"fingerprint" text NOT NULL,
	"status" text DEFAULT 'unmatched' NOT NULL,
	"matched_kind" text,
	"matched_id" integer,
	"matched_by" text,
	"claim_id" integer,
	"set_aside_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"imported_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_lines_status_ck" CHECK ("status" in ('unmatched', 'matched', 'set_aside')),
	CONSTRAINT "statement_lines_amount_ck" CHECK ("debit" >= 0 and "credit" >= 0 and ("debit" = 0 or "credit" = 0))
);--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_client_account_fingerprint_uq" ON "statement_lines" USING btree ("client_id","bank_account_id","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_client_matched_uq" ON "statement_lines" USING btree ("client_id","matched_kind","matched_id") WHERE "matched_id" is not null;--> statement-breakpoint
CREATE INDEX "statement_lines_client_account_status_idx" ON "statement_lines" USING btree ("client_id","bank_account_id","status","day","id");
