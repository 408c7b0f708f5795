DROP INDEX "staff_email_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "staff_client_email_uq" ON "staff" USING btree ("client_id",lower("email"));--> statement-breakpoint
CREATE INDEX "staff_email_idx" ON "staff" USING btree (lower("email"));