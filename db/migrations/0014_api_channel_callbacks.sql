CREATE TABLE "api_channel_callbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"chat_external_id" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"dead_at" timestamp with time zone,
	CONSTRAINT "api_channel_callbacks_event_unique" UNIQUE("integration_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "api_channel_callbacks" ADD CONSTRAINT "api_channel_callbacks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_channel_callbacks" ADD CONSTRAINT "api_channel_callbacks_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_channel_callbacks_state_idx" ON "api_channel_callbacks" USING btree ("integration_id","state","created_at");