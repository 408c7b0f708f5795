CREATE TABLE "portal_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"seed" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
CREATE TABLE "upi_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"utr" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"payment_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upi_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reference" text NOT NULL,
	"purpose" text NOT NULL,
	"fee_structure_id" integer,
	"amount" bigint NOT NULL,
	"late_fine" bigint DEFAULT 0 NOT NULL,
	"dues" bigint DEFAULT 0 NOT NULL,
	"bank_account_id" integer NOT NULL,
	"quoted_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upi_claims" ADD CONSTRAINT "upi_claims_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upi_claims" ADD CONSTRAINT "upi_claims_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upi_claims" ADD CONSTRAINT "upi_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upi_claims" ADD CONSTRAINT "upi_claims_request_id_upi_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."upi_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upi_claims" ADD CONSTRAINT "upi_claims_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upi_requests" ADD CONSTRAINT "upi_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upi_requests" ADD CONSTRAINT "upi_requests_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upi_requests" ADD CONSTRAINT "upi_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upi_requests" ADD CONSTRAINT "upi_requests_fee_structure_id_fee_structures_id_fk" FOREIGN KEY ("fee_structure_id") REFERENCES "public"."fee_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upi_requests" ADD CONSTRAINT "upi_requests_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_links_token_hash_uq" ON "portal_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_links_client_user_live_uq" ON "portal_links" USING btree ("client_id","user_id") WHERE "portal_links"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "upi_claims_client_utr_uq" ON "upi_claims" USING btree ("client_id","utr");--> statement-breakpoint
CREATE INDEX "upi_claims_client_branch_status_idx" ON "upi_claims" USING btree ("client_id","branch_id","status","created_at");--> statement-breakpoint
CREATE INDEX "upi_claims_client_user_idx" ON "upi_claims" USING btree ("client_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "upi_requests_client_reference_uq" ON "upi_requests" USING btree ("client_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "upi_requests_same_quote_uq" ON "upi_requests" USING btree ("client_id","user_id","purpose","quoted_on","amount",coalesce("fee_structure_id", 0));