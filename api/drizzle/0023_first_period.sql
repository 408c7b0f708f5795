ALTER TABLE "users" ADD COLUMN "first_period" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" text DEFAULT 'payment' NOT NULL;