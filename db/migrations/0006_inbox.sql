ALTER TABLE "chats" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "customer_phone" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "customer_username" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "read_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "instance_notice_at" timestamp with time zone;--> statement-breakpoint
-- Chats that existed before the inbox count as read: only what arrives from now on is unread.
UPDATE "chats" SET "read_seq" = coalesce((SELECT max("seq") FROM "messages" WHERE "messages"."chat_id" = "chats"."id"), 0);
