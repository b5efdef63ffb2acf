-- A mark of the stored ladder ranks names the member whose action left it (null: a job or a sweep).
-- That member's own reads of the ladder wait for the refresh that consumes it; other readers answer
-- the ranks as stored and start the refresh (docs/decisions/045-other-members-read-the-stored-ranks-as-they-are.md).
ALTER TABLE "ladder_rank_changes" ADD COLUMN "marked_by" integer;
