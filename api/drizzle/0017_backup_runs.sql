CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"file" text,
	"bytes" bigint,
	"rows" bigint,
	"error" text,
	"host" text NOT NULL
);
