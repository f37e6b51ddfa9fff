CREATE TABLE "bots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"model" text NOT NULL,
	"process_scheme" text DEFAULT 'accumulation' NOT NULL,
	"accumulation_messages_seconds" integer DEFAULT 60 NOT NULL,
	"temperature_mode" text DEFAULT 'flexible' NOT NULL,
	"temperature" integer DEFAULT 50 NOT NULL,
	"storage_id" uuid,
	"system_prompt" text DEFAULT '' NOT NULL,
	"goal_prompt" text DEFAULT '' NOT NULL,
	"conditions" jsonb NOT NULL,
	"stop_logic" jsonb NOT NULL,
	"stop_message" text DEFAULT 'Момент, уточню информацию' NOT NULL,
	"stop_task" text DEFAULT '' NOT NULL,
	"contact_info" text DEFAULT '' NOT NULL,
	"restoring_dialogue" jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions_enable" boolean DEFAULT false NOT NULL,
	"info_transfer" jsonb NOT NULL,
	"is_work" boolean DEFAULT false NOT NULL,
	"template_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"integration_account_id" text,
	"connection_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"activated" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bots_account_idx" ON "bots" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "integrations_account_idx" ON "integrations" USING btree ("account_id");