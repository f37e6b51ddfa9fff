CREATE TABLE "balance_totals" (
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"total_minor" bigint NOT NULL,
	CONSTRAINT "balance_totals_account_id_currency_pk" PRIMARY KEY("account_id","currency")
);
--> statement-breakpoint
ALTER TABLE "balance_totals" ADD CONSTRAINT "balance_totals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The ledger's sums, kept by a trigger in the same transaction as each entry (issue #25/#26: a busy
-- account writes a charge per answer, and the gates and holds read its balance on every message).
-- Entries written while this runs wait for the backfill, so none is counted twice or missed.
LOCK TABLE balance_entries IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION balance_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE balance_totals SET total_minor = total_minor - OLD.amount_minor
      WHERE account_id = OLD.account_id AND currency = OLD.currency;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO balance_totals (account_id, currency, total_minor)
      VALUES (NEW.account_id, NEW.currency, NEW.amount_minor)
      ON CONFLICT (account_id, currency)
      DO UPDATE SET total_minor = balance_totals.total_minor + excluded.total_minor;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER balance_totals_follow
  AFTER INSERT OR DELETE OR UPDATE OF account_id, currency, amount_minor ON balance_entries
  FOR EACH ROW EXECUTE FUNCTION balance_totals_follow();
--> statement-breakpoint
INSERT INTO balance_totals (account_id, currency, total_minor)
  SELECT account_id, currency, sum(amount_minor) FROM balance_entries GROUP BY account_id, currency;
--> statement-breakpoint
-- holds.ts (replacing 0016's): the ledger's sum read from its total row.
CREATE OR REPLACE FUNCTION engine_reserve(
  p_account uuid, p_currency text, p_amount bigint, p_now timestamptz, p_expires timestamptz,
  p_hold uuid, p_minimum bigint
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_ledger bigint;
  v_held bigint;
  v_own bigint := 0;
  v_id uuid;
BEGIN
  PERFORM 1 FROM accounts WHERE id = p_account FOR UPDATE;
  v_ledger := coalesce((SELECT total_minor FROM balance_totals
    WHERE account_id = p_account AND currency = p_currency), 0);
  SELECT coalesce(sum(amount_minor), 0) INTO v_held
    FROM balance_holds WHERE account_id = p_account AND currency = p_currency AND expires_at > p_now;
  IF v_ledger - v_held < p_minimum OR v_ledger - v_held - p_amount < 0 THEN
    IF p_hold IS NOT NULL THEN
      SELECT coalesce(sum(amount_minor), 0) INTO v_own
        FROM balance_holds WHERE id = p_hold AND expires_at > p_now;
    END IF;
    RETURN jsonb_build_object('kind',
      CASE WHEN v_ledger >= p_minimum AND v_ledger - v_own - p_amount >= 0 THEN 'busy' ELSE 'short' END);
  END IF;
  IF p_hold IS NOT NULL THEN
    UPDATE balance_holds SET amount_minor = amount_minor + p_amount, expires_at = p_expires
      WHERE id = p_hold RETURNING id INTO v_id;
  ELSE
    INSERT INTO balance_holds (account_id, amount_minor, currency, created_at, expires_at)
      VALUES (p_account, p_amount, p_currency, p_now, p_expires) RETURNING id INTO v_id;
  END IF;
  IF v_id IS NULL THEN RETURN jsonb_build_object('kind', 'short'); END IF;
  RETURN jsonb_build_object('kind', 'held', 'hold_id', v_id);
END $$;
