CREATE TABLE "document_counters" (
	"client_id" integer NOT NULL,
	"series" text NOT NULL,
	"fy" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_client_id_series_fy_pk" PRIMARY KEY("client_id","series","fy")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"fy" text NOT NULL,
	"seq" integer NOT NULL,
	"issued_on" date NOT NULL,
	"payment_id" integer NOT NULL,
	"refund_id" integer,
	"against_id" integer,
	"reason" text,
	"supplier" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"place_of_supply" text,
	"supply" text,
	"lines" jsonb NOT NULL,
	"taxable" bigint NOT NULL,
	"cgst" bigint NOT NULL,
	"sgst" bigint NOT NULL,
	"igst" bigint NOT NULL,
	"total" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "gst_on_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "gst_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "gst_legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "gst_state_code" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "gst_scheme" text DEFAULT 'regular' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_types" ADD COLUMN "sac" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_types" ADD COLUMN "gst_rate" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_seq_uq" ON "tax_documents" USING btree ("client_id","series","fy","seq");--> statement-breakpoint
CREATE INDEX "tax_documents_payment_idx" ON "tax_documents" USING btree ("client_id","payment_id");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("client_id","issued_on");