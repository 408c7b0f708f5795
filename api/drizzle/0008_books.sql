CREATE TABLE "account_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"transferred_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "day_closes" (
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"cash_account_id" integer NOT NULL,
	"expected" bigint NOT NULL,
	"counted" bigint NOT NULL,
	"difference" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"closed_by" integer NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "day_closes_client_id_branch_id_day_pk" PRIMARY KEY("client_id","branch_id","day")
);
--> statement-breakpoint
CREATE TABLE "expense_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"mode" text NOT NULL,
	"bank_account_id" integer NOT NULL,
	"payee" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"bill_id" integer,
	"created_by" integer NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"refund_number" text NOT NULL,
	"fy" text NOT NULL,
	"seq" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"mode" text NOT NULL,
	"bank_account_id" integer NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"refunded_on" date NOT NULL,
	"ended_membership" boolean DEFAULT false NOT NULL,
	"previous_valid_till" date,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "movements_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "kind" text DEFAULT 'bank' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_from_account_id_bank_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_to_account_id_bank_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_cash_account_id_bank_accounts_id_fk" FOREIGN KEY ("cash_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_bills" ADD CONSTRAINT "expense_bills_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_bills" ADD CONSTRAINT "expense_bills_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_transfers_from_idx" ON "account_transfers" USING btree ("from_account_id","transferred_on");--> statement-breakpoint
CREATE INDEX "account_transfers_to_idx" ON "account_transfers" USING btree ("to_account_id","transferred_on");--> statement-breakpoint
CREATE INDEX "account_transfers_client_branch_day_idx" ON "account_transfers" USING btree ("client_id","branch_id","transferred_on");--> statement-breakpoint
CREATE INDEX "expenses_client_branch_day_idx" ON "expenses" USING btree ("client_id","branch_id","paid_on","id");--> statement-breakpoint
CREATE INDEX "expenses_account_idx" ON "expenses" USING btree ("bank_account_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_client_branch_number_uq" ON "refunds" USING btree ("client_id","branch_id","refund_number");--> statement-breakpoint
CREATE INDEX "refunds_client_branch_day_idx" ON "refunds" USING btree ("client_id","branch_id","refunded_on","id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_account_idx" ON "refunds" USING btree ("bank_account_id","refunded_on");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_cash_branch_uq" ON "bank_accounts" USING btree ("branch_id") WHERE "bank_accounts"."kind" = 'cash';--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" USING btree ("bank_account_id","paid_on");--> statement-breakpoint
-- Every branch has its cash account (DOMAIN.md, Bank and cash accounts): made by a trigger, so every
-- way a branch comes to be (the Branches screen, registration, the seed) gets one. The number
-- 'CASH-{id}' cannot clash with a typed one: account numbers typed in a form lose their hyphens.
CREATE FUNCTION "branch_cash_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "bank_accounts" ("client_id", "account_name", "bank_name", "account_number", "kind", "branch_id")
  VALUES (NEW."client_id", 'Cash – ' || NEW."name", 'Cash in hand', 'CASH-' || NEW."id", 'cash', NEW."id");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "branches_cash_account" AFTER INSERT ON "branches"
  FOR EACH ROW EXECUTE FUNCTION "branch_cash_account"();--> statement-breakpoint
-- Existing branches get theirs; cash payments so far name it; balances start from what moved.
INSERT INTO "bank_accounts" ("client_id", "account_name", "bank_name", "account_number", "kind", "branch_id")
SELECT "client_id", 'Cash – ' || "name", 'Cash in hand', 'CASH-' || "id", 'cash', "id" FROM "branches";--> statement-breakpoint
UPDATE "payments" p SET "bank_account_id" = a."id"
  FROM "bank_accounts" a WHERE p."mode" = 'cash' AND a."kind" = 'cash' AND a."branch_id" = p."branch_id";--> statement-breakpoint
UPDATE "bank_accounts" a SET "movements_total" = s."total"
  FROM (SELECT "bank_account_id", sum("received") AS "total" FROM "payments"
         WHERE "status" = 'completed' AND "bank_account_id" IS NOT NULL GROUP BY "bank_account_id") s
 WHERE a."id" = s."bank_account_id";
