ALTER TABLE "accounts" ADD COLUMN "has_event_webhooks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Whether an account has event webhook endpoints (switched on or off), kept with every insert and
-- delete of one: the engine leaves the outbox's CTEs out of its statements for an account without.
CREATE OR REPLACE FUNCTION event_webhooks_account_flag() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_account uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.account_id ELSE NEW.account_id END;
BEGIN
  UPDATE accounts SET has_event_webhooks = EXISTS (
    SELECT 1 FROM event_webhook_endpoints WHERE account_id = v_account)
  WHERE id = v_account;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER event_webhooks_account_flag AFTER INSERT OR DELETE ON event_webhook_endpoints
  FOR EACH ROW EXECUTE FUNCTION event_webhooks_account_flag();
--> statement-breakpoint
UPDATE accounts a SET has_event_webhooks = true
  WHERE EXISTS (SELECT 1 FROM event_webhook_endpoints e WHERE e.account_id = a.id);
