CREATE TABLE "balance_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "failed_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "answering_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "answering_lease" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivering_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "balance_holds" ADD CONSTRAINT "balance_holds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_holds_account_idx" ON "balance_holds" USING btree ("account_id","expires_at");--> statement-breakpoint
CREATE INDEX "messages_waiting_idx" ON "messages" USING btree ("created_at") WHERE "messages"."answered_at" is null and "messages"."author" = 'customer';--> statement-breakpoint
CREATE INDEX "messages_undelivered_idx" ON "messages" USING btree ("created_at") WHERE "messages"."delivered_at" is null and "messages"."author" in ('bot', 'operator');--> statement-breakpoint
-- Messages sent before delivery was tracked went out when they were written.
UPDATE "messages" SET "delivered_at" = "created_at" WHERE "author" IN ('bot', 'operator');
