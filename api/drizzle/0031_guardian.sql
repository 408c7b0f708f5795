ALTER TABLE "users" ADD COLUMN "guardian_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_mobile" text;--> statement-breakpoint
ALTER TABLE "message_settings" ADD COLUMN "guardian_after_days" integer;