CREATE SEQUENCE "public"."act_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."invoice_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "account_requisites" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurrent_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"currency" text NOT NULL,
	"purpose" text NOT NULL,
	"method_sealed" text NOT NULL,
	"label" text,
	"source_transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"canceled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_items" (
	"subscription_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"provider_status" text,
	"payment_url" text,
	"save_method" boolean DEFAULT false NOT NULL,
	"subscription_id" uuid,
	"invoice_number" integer,
	"act_number" integer,
	"requisites" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "subscriptions_account_kind_idx";--> statement-breakpoint
ALTER TABLE "balance_entries" ADD COLUMN "transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "term_unit" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "term_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "price_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "currency" text DEFAULT 'rub' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "auto_renew" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_of" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_items" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "expiry_noticed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_requisites" ADD CONSTRAINT "account_requisites_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurrent_payments" ADD CONSTRAINT "recurrent_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_items" ADD CONSTRAINT "subscription_items_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_items" ADD CONSTRAINT "subscription_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurrent_payments_source_unique" ON "recurrent_payments" USING btree ("source_transaction_id");--> statement-breakpoint
CREATE INDEX "recurrent_payments_account_idx" ON "recurrent_payments" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_items_unique" ON "subscription_items" USING btree ("subscription_id","kind");--> statement-breakpoint
CREATE INDEX "subscription_items_account_kind_idx" ON "subscription_items" USING btree ("account_id","kind");--> statement-breakpoint
CREATE INDEX "transactions_account_created_idx" ON "transactions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_payment_unique" ON "transactions" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_invoice_number_unique" ON "transactions" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_renewal_charge_unique" ON "transactions" USING btree ("subscription_id") WHERE "transactions"."operation" = 'renewal';--> statement-breakpoint
CREATE UNIQUE INDEX "balance_entries_transaction_unique" ON "balance_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "subscriptions_account_idx" ON "subscriptions" USING btree ("account_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_renewal_unique" ON "subscriptions" USING btree ("renewal_of");--> statement-breakpoint
INSERT INTO "subscription_items" ("subscription_id", "account_id", "kind", "quantity") SELECT "id", "account_id", "kind", 1 FROM "subscriptions";--> statement-breakpoint
UPDATE "subscriptions" SET "paid_at" = "created_at", "auto_renew" = false;--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "kind";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "model_switched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "history_entries" ADD COLUMN "own_key" boolean DEFAULT false NOT NULL;
