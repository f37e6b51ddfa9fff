CREATE TABLE "partner_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"client_account_id" uuid,
	"transaction_id" uuid,
	"subscription_id" uuid,
	"request_id" uuid,
	"base_minor" bigint,
	"rate_percent" integer,
	"status" text,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"utm" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "referred_by_partner_id" uuid;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "referral_link_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "purse" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_entries" ADD CONSTRAINT "partner_entries_partner_account_id_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_entries" ADD CONSTRAINT "partner_entries_client_account_id_accounts_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_partner_account_id_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_entries_partner_idx" ON "partner_entries" USING btree ("partner_account_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_entries_client_idx" ON "partner_entries" USING btree ("client_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_entries_top_up_unique" ON "partner_entries" USING btree ("transaction_id") WHERE "partner_entries"."kind" = 'top_up';--> statement-breakpoint
CREATE UNIQUE INDEX "partner_entries_earning_unique" ON "partner_entries" USING btree ("transaction_id") WHERE "partner_entries"."kind" = 'earning';--> statement-breakpoint
CREATE UNIQUE INDEX "partner_entries_reversal_unique" ON "partner_entries" USING btree ("transaction_id") WHERE "partner_entries"."kind" = 'earning_reversal';--> statement-breakpoint
CREATE UNIQUE INDEX "partner_entries_subscription_unique" ON "partner_entries" USING btree ("subscription_id") WHERE "partner_entries"."kind" = 'client_subscription';--> statement-breakpoint
CREATE UNIQUE INDEX "partner_entries_bonus_unique" ON "partner_entries" USING btree ("client_account_id") WHERE "partner_entries"."kind" = 'wazzup_bonus';--> statement-breakpoint
CREATE UNIQUE INDEX "partner_entries_request_unique" ON "partner_entries" USING btree ("partner_account_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_links_code_unique" ON "referral_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "referral_links_partner_idx" ON "referral_links" USING btree ("partner_account_id","created_at");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_referred_by_partner_id_accounts_id_fk" FOREIGN KEY ("referred_by_partner_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_referred_by_idx" ON "accounts" USING btree ("referred_by_partner_id");--> statement-breakpoint
CREATE INDEX "accounts_referral_link_idx" ON "accounts" USING btree ("referral_link_id");