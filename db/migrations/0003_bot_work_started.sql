ALTER TABLE "bots" ADD COLUMN "work_started_at" timestamp with time zone;--> statement-breakpoint
-- Bots already working keep answering the dialogues they answer now: the moment they were switched
-- on is not known, so the earliest it can have been (their creation) stands in until the next switch-on.
UPDATE "bots" SET "work_started_at" = "created_at" WHERE "is_work";
