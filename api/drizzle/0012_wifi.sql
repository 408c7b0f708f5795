-- WiFi through FreeRADIUS (issue 16): routers (NAS) per branch, accounting sessions, a disconnect
-- outbox, the member's WiFi PIN and the package's devices per member.
-- "Accept only inside the member's window, if the organisation says so" (DOMAIN.md).
ALTER TABLE "clients" ADD COLUMN "wifi_within_window" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "devices_per_member" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Six digits from a random UUID (gen_random_uuid is built in since PostgreSQL 13): every way a member
-- comes to be (screen, import, seed) gets a PIN without the application remembering to make one.
ALTER TABLE "users" ADD COLUMN "wifi_pin" text DEFAULT lpad(((('x' || substr(md5(gen_random_uuid()::text), 1, 8))::bit(32)::bigint % 1000000))::text, 6, '0') NOT NULL;--> statement-breakpoint
CREATE TABLE "wifi_routers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"secret" text NOT NULL,
	"coa_port" integer DEFAULT 3799 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wifi_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"router_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"acct_session_id" text NOT NULL,
	"username" text NOT NULL,
	"framed_ip" text,
	"calling_station_id" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"input_bytes" bigint DEFAULT 0 NOT NULL,
	"output_bytes" bigint DEFAULT 0 NOT NULL,
	"terminate_cause" text
);
--> statement-breakpoint
CREATE TABLE "wifi_disconnects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"router_id" integer NOT NULL,
	"session_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"error_cause" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wifi_routers" ADD CONSTRAINT "wifi_routers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wifi_routers" ADD CONSTRAINT "wifi_routers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wifi_sessions" ADD CONSTRAINT "wifi_sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wifi_sessions" ADD CONSTRAINT "wifi_sessions_router_id_wifi_routers_id_fk" FOREIGN KEY ("router_id") REFERENCES "public"."wifi_routers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wifi_sessions" ADD CONSTRAINT "wifi_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wifi_disconnects" ADD CONSTRAINT "wifi_disconnects_session_id_wifi_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."wifi_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wifi_disconnects" ADD CONSTRAINT "wifi_disconnects_router_id_wifi_routers_id_fk" FOREIGN KEY ("router_id") REFERENCES "public"."wifi_routers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wifi_routers_client_branch_name_uq" ON "wifi_routers" USING btree ("client_id","branch_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "wifi_routers_address_secret_uq" ON "wifi_routers" USING btree ("address","secret");--> statement-breakpoint
CREATE INDEX "wifi_routers_address_idx" ON "wifi_routers" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "wifi_sessions_router_acct_uq" ON "wifi_sessions" USING btree ("router_id","acct_session_id");--> statement-breakpoint
CREATE INDEX "wifi_sessions_client_user_started_idx" ON "wifi_sessions" USING btree ("client_id","user_id","started_at");--> statement-breakpoint
CREATE INDEX "wifi_sessions_open_idx" ON "wifi_sessions" USING btree ("client_id","branch_id","started_at") WHERE "wifi_sessions"."stopped_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "wifi_disconnects_pending_uq" ON "wifi_disconnects" USING btree ("session_id") WHERE "wifi_disconnects"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "wifi_disconnects_due_idx" ON "wifi_disconnects" USING btree ("next_attempt_at") WHERE "wifi_disconnects"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "wifi_disconnects_client_session_idx" ON "wifi_disconnects" USING btree ("client_id","session_id");
