DROP INDEX "upi_requests_same_quote_uq";--> statement-breakpoint
ALTER TABLE "upi_requests" ADD COLUMN "valid_till" date;--> statement-breakpoint
CREATE UNIQUE INDEX "upi_requests_same_quote_uq" ON "upi_requests" USING btree ("client_id","user_id","purpose","quoted_on","amount",coalesce("fee_structure_id", 0),coalesce("valid_till", '0001-01-01'::date));