-- SPEC §9's minimum balance bots need, per currency (functions/shared/balance.ts MINIMUM_BALANCE_MINOR;
-- tests/api/event-webhooks-balance-low.test.ts checks the two agree).
CREATE OR REPLACE FUNCTION balance_minimum_minor(currency text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE currency WHEN 'rub' THEN 5000 WHEN 'usd' THEN 50 WHEN 'eur' THEN 50 WHEN 'kzt' THEN 20000 END::bigint
$$;
--> statement-breakpoint
-- The event webhooks' `balance.low` (issue #27 §3): written in the same transaction as the ledger entry
-- whose charge takes the balance from at or above the minimum to below it, whatever charged it (an
-- answer, a subscription, storage), so it is raised once per crossing. It runs after
-- balance_totals_follow (triggers fire in name order), so the total already counts this entry.
CREATE OR REPLACE FUNCTION event_webhooks_balance_low() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  threshold bigint := balance_minimum_minor(NEW.currency);
  after_minor bigint;
BEGIN
  IF NEW.amount_minor >= 0 OR threshold IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT total_minor INTO after_minor FROM balance_totals
    WHERE account_id = NEW.account_id AND currency = NEW.currency;
  IF after_minor < threshold AND after_minor - NEW.amount_minor >= threshold THEN
    INSERT INTO event_webhook_deliveries
        (id, endpoint_id, account_id, event, chat_id, body, status, attempts, next_attempt_at, created_at)
      SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.id, e.account_id, 'balance.low', NULL,
        jsonb_build_object('type', 'balance.low',
          'timestamp', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'data', jsonb_build_object('balance_minor', after_minor, 'currency', NEW.currency,
            'threshold_minor', threshold))::text,
        'pending', 0, NEW.created_at, NEW.created_at
      FROM event_webhook_endpoints e
      WHERE e.account_id = NEW.account_id AND e.enabled AND 'balance.low' = ANY(e.events);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_webhooks_balance_low
  AFTER INSERT ON balance_entries
  FOR EACH ROW EXECUTE FUNCTION event_webhooks_balance_low();
