CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text,
	"source" text DEFAULT 'walkIn' NOT NULL,
	"fee_structure_id" integer,
	"follow_up_date" date,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"converted_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"mobile" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"inactive_reason" text,
	"added_to_biometric_machine" boolean DEFAULT false NOT NULL,
	"biometric_machine_id" integer,
	"next_day_exit" boolean DEFAULT false NOT NULL,
	"entry_time" time DEFAULT '00:00:00' NOT NULL,
	"exit_time" time DEFAULT '00:00:00' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_till" date NOT NULL,
	"room_id" integer,
	"seat_number" integer,
	"package_id" integer,
	"fee_structure_id" integer,
	"address" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"joined_on" date NOT NULL,
	"enquiry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_fee_structure_id_fee_structures_id_fk" FOREIGN KEY ("fee_structure_id") REFERENCES "public"."fee_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_converted_user_id_users_id_fk" FOREIGN KEY ("converted_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_fee_structure_id_fee_structures_id_fk" FOREIGN KEY ("fee_structure_id") REFERENCES "public"."fee_structures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_client_branch_created_idx" ON "enquiries" USING btree ("client_id","branch_id","created_at");--> statement-breakpoint
CREATE INDEX "enquiries_client_branch_status_follow_idx" ON "enquiries" USING btree ("client_id","branch_id","status","follow_up_date");--> statement-breakpoint
CREATE INDEX "enquiries_name_trgm_idx" ON "enquiries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enquiries_mobile_trgm_idx" ON "enquiries" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_client_mobile_uq" ON "users" USING btree ("client_id","mobile");--> statement-breakpoint
CREATE INDEX "users_client_branch_name_idx" ON "users" USING btree ("client_id","branch_id","name","id");--> statement-breakpoint
CREATE INDEX "users_client_branch_status_valid_idx" ON "users" USING btree ("client_id","branch_id","status","valid_till");--> statement-breakpoint
CREATE INDEX "users_client_room_seat_idx" ON "users" USING btree ("client_id","room_id","seat_number");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_mobile_trgm_idx" ON "users" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);