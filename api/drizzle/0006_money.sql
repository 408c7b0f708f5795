CREATE TABLE "idempotency_keys" (
	"client_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"body_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_client_id_key_pk" PRIMARY KEY("client_id","key")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"receipt_number" text NOT NULL,
	"fy" text NOT NULL,
	"seq" integer NOT NULL,
	"fee_structure_id" integer,
	"lines" jsonb NOT NULL,
	"dues_settled" bigint DEFAULT 0 NOT NULL,
	"late_fine" bigint DEFAULT 0 NOT NULL,
	"late_fine_waiver_reason" text,
	"discount" bigint DEFAULT 0 NOT NULL,
	"discount_reason" text,
	"total" bigint NOT NULL,
	"received" bigint NOT NULL,
	"mode" text NOT NULL,
	"bank_account_id" integer,
	"reference" text DEFAULT '' NOT NULL,
	"paid_on" date NOT NULL,
	"covers_from" date,
	"covers_till" date,
	"previous_valid_till" date,
	"previous_status" boolean,
	"previous_inactive_reason" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"verify_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"series" text NOT NULL,
	"fy" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_counters_client_id_branch_id_series_fy_pk" PRIMARY KEY("client_id","branch_id","series","fy")
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "fy_start_month" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "receipt_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD COLUMN "grace_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD COLUMN "fine_per_day" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD COLUMN "fine_cap" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dues" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dues_since" date;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_structure_id_fee_structures_id_fk" FOREIGN KEY ("fee_structure_id") REFERENCES "public"."fee_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_client_branch_receipt_uq" ON "payments" USING btree ("client_id","branch_id","receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_verify_token_uq" ON "payments" USING btree ("verify_token");--> statement-breakpoint
CREATE INDEX "payments_client_branch_paid_idx" ON "payments" USING btree ("client_id","branch_id","paid_on","id");--> statement-breakpoint
CREATE INDEX "payments_client_branch_created_idx" ON "payments" USING btree ("client_id","branch_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_client_user_idx" ON "payments" USING btree ("client_id","user_id","id");--> statement-breakpoint
CREATE INDEX "users_client_branch_dues_idx" ON "users" USING btree ("client_id","branch_id","dues_since","id") WHERE "users"."dues" > 0;--> statement-breakpoint
UPDATE "clients" SET "fy_start_month" = 4 WHERE "currency" = 'INR';
