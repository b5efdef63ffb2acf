CREATE TABLE "backup_runs" (
	"period" varchar(40) PRIMARY KEY NOT NULL,
	"claimed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"file" text,
	"bytes" bigint
);
