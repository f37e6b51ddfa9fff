CREATE TABLE "kv_entries" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "kv_entries_expires_idx" ON "kv_entries" USING btree ("expires_at");