CREATE TABLE "ladder_rank_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ladder_rank_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ladders" text[],
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
