CREATE TABLE "assistant_dialogs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"request_type" text NOT NULL,
	"bot_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"account_id" uuid NOT NULL,
	"dialog_id" uuid NOT NULL,
	"role" text NOT NULL,
	"text" text NOT NULL,
	"proposal" jsonb,
	"price_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_dialogs" ADD CONSTRAINT "assistant_dialogs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_dialogs" ADD CONSTRAINT "assistant_dialogs_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD CONSTRAINT "assistant_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD CONSTRAINT "assistant_messages_dialog_id_assistant_dialogs_id_fk" FOREIGN KEY ("dialog_id") REFERENCES "public"."assistant_dialogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_dialogs_account_idx" ON "assistant_dialogs" USING btree ("account_id","last_message_at");--> statement-breakpoint
CREATE INDEX "assistant_messages_dialog_idx" ON "assistant_messages" USING btree ("dialog_id","seq");