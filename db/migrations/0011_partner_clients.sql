ALTER TABLE "accounts" ADD COLUMN "partner_account_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "partner_account_id" uuid;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_partner_account_id_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_partner_idx" ON "accounts" USING btree ("partner_account_id");