CREATE TABLE "whatsapp_inbound" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer,
	"user_id" integer,
	"wa_message_id" text NOT NULL,
	"from_number" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"action" text,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_settings" ADD COLUMN "whatsapp_cloud" jsonb;--> statement-breakpoint
ALTER TABLE "message_settings" ADD COLUMN "whatsapp_templates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "wa_template" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "wa_message_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "wa_kind" text;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound" ADD CONSTRAINT "whatsapp_inbound_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound" ADD CONSTRAINT "whatsapp_inbound_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound" ADD CONSTRAINT "whatsapp_inbound_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_inbound_client_wa_uq" ON "whatsapp_inbound" USING btree ("client_id","wa_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_client_from_idx" ON "whatsapp_inbound" USING btree ("client_id","from_number","received_at");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_client_branch_idx" ON "whatsapp_inbound" USING btree ("client_id","branch_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_wa_message_id_uq" ON "messages" USING btree ("wa_message_id") WHERE "messages"."wa_message_id" IS NOT NULL;