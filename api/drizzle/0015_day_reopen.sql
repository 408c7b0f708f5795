CREATE TABLE "day_reopens" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"day_close_id" integer NOT NULL,
	"day" date NOT NULL,
	"cash_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"reopened_by" integer NOT NULL,
	"reopened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "day_closes" DROP CONSTRAINT "day_closes_client_id_branch_id_day_pk";--> statement-breakpoint
ALTER TABLE "day_closes" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "day_reopens" ADD CONSTRAINT "day_reopens_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_reopens" ADD CONSTRAINT "day_reopens_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_reopens" ADD CONSTRAINT "day_reopens_day_close_id_day_closes_id_fk" FOREIGN KEY ("day_close_id") REFERENCES "public"."day_closes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_reopens" ADD CONSTRAINT "day_reopens_cash_account_id_bank_accounts_id_fk" FOREIGN KEY ("cash_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "day_reopens_close_uq" ON "day_reopens" USING btree ("day_close_id");--> statement-breakpoint
CREATE INDEX "day_reopens_account_idx" ON "day_reopens" USING btree ("cash_account_id","day");--> statement-breakpoint
CREATE INDEX "day_closes_account_day_idx" ON "day_closes" USING btree ("cash_account_id","day");