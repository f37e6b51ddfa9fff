-- The engine's steps that must each cost one round trip to the database (issue #25): taking a chat
-- for an answer, setting money aside for a model call, and recording the answer. Each was a
-- transaction of several statements; as a function it is one statement, atomic by itself, and,
-- being VOLATILE, every query inside takes a fresh snapshot after the row lock before it, exactly as
-- the statements of a READ COMMITTED transaction did. functions/engine/{claim,holds,billing}.ts call them.

-- claim.ts: the chat's row lock, then the waiting customer messages up to the target; a lease on the
-- chat when they are there and none is newer. Also says whether outgoing messages wait undelivered.
CREATE OR REPLACE FUNCTION engine_claim(
  p_chat uuid, p_message uuid, p_now timestamptz, p_lease uuid, p_until timestamptz, p_max integer
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_chat chats;
  v_target messages;
  v_leftovers boolean;
  v_waiting jsonb;
  v_newer boolean;
BEGIN
  SELECT * INTO v_target FROM messages WHERE id = p_message AND chat_id = p_chat;
  IF NOT FOUND THEN RETURN jsonb_build_object('kind', 'gone'); END IF;
  v_leftovers := EXISTS (
    SELECT 1 FROM messages
    WHERE chat_id = p_chat AND delivered_at IS NULL AND author IN ('bot', 'operator'));
  SELECT * INTO v_chat FROM chats WHERE id = p_chat FOR UPDATE;
  IF NOT FOUND THEN RETURN jsonb_build_object('kind', 'gone'); END IF;
  IF v_chat.answering_until IS NOT NULL AND v_chat.answering_until > p_now THEN
    RETURN jsonb_build_object('kind', 'busy', 'until', v_chat.answering_until,
      'chat', to_jsonb(v_chat), 'target', to_jsonb(v_target), 'leftovers', v_leftovers);
  END IF;
  SELECT coalesce(jsonb_agg(to_jsonb(w) ORDER BY w.seq) FILTER (WHERE w.seq <= v_target.seq), '[]'::jsonb),
         coalesce(bool_or(w.seq > v_target.seq), false)
    INTO v_waiting, v_newer
    FROM (SELECT * FROM messages
          WHERE chat_id = p_chat AND author = 'customer' AND answered_at IS NULL
          ORDER BY seq LIMIT p_max) w;
  IF v_newer OR jsonb_array_length(v_waiting) = 0 THEN
    RETURN jsonb_build_object('kind', 'stand_down',
      'chat', to_jsonb(v_chat), 'target', to_jsonb(v_target), 'leftovers', v_leftovers);
  END IF;
  UPDATE chats SET answering_lease = p_lease, answering_until = p_until
    WHERE id = p_chat RETURNING * INTO v_chat;
  RETURN jsonb_build_object('kind', 'claimed', 'chat', to_jsonb(v_chat), 'target', to_jsonb(v_target),
    'waiting', v_waiting, 'leftovers', v_leftovers);
END $$;
--> statement-breakpoint

-- holds.ts: under the account's row lock, the ledger and the live holds; a new hold (or the answer's
-- hold grown) when the money is there, else 'busy' (only other answers' holds are in the way) or 'short'.
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
  SELECT coalesce(sum(amount_minor), 0) INTO v_ledger
    FROM balance_entries WHERE account_id = p_account AND currency = p_currency;
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
--> statement-breakpoint

-- billing.ts: one outcome written at once. It settles the hold into the charge (never more than
-- the balance left), claims the handled customer messages, writes the history row, the ledger row,
-- the system lines and the reply, and the chat's changes, ending the run's lease. When another run
-- claimed a message, stored the reply's external id or took the lease, nothing stays written but
-- the hold's and the lease's end. With `newer_than`, the newest customer message still waiting
-- after that seq comes back, for its answer to be scheduled.
CREATE OR REPLACE FUNCTION engine_record(p jsonb) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_now timestamptz := (p->>'now')::timestamptz;
  v_account uuid := (p->>'account_id')::uuid;
  v_currency text := p->>'currency';
  v_chat uuid := (p->>'chat_id')::uuid;
  v_lease uuid := (p->>'lease')::uuid;
  v_hold uuid := (p->>'hold_id')::uuid;
  v_asked bigint := coalesce((p->>'price_minor')::bigint, 0);
  v_price bigint := coalesce((p->>'price_minor')::bigint, 0);
  v_ids uuid[] := ARRAY(SELECT jsonb_array_elements_text(coalesce(p->'handled_ids', '[]'::jsonb))::uuid);
  v_stop jsonb := CASE WHEN jsonb_typeof(p->'stop') = 'object' THEN p->'stop' END;
  v_variables jsonb := CASE WHEN jsonb_typeof(p->'variables') = 'object' THEN p->'variables' END;
  v_held bigint;
  v_free bigint;
  v_count integer;
  v_history history_entries;
  v_notices jsonb := '[]'::jsonb;
  v_reply messages;
  v_newer messages;
BEGIN
  BEGIN
    IF v_hold IS NOT NULL THEN
      DELETE FROM balance_holds WHERE id = v_hold RETURNING amount_minor INTO v_held;
      IF v_held IS NULL OR v_price > v_held THEN
        PERFORM 1 FROM accounts WHERE id = v_account FOR UPDATE;
        SELECT coalesce(sum(amount_minor), 0) INTO v_free
          FROM balance_entries WHERE account_id = v_account AND currency = v_currency;
        SELECT v_free - coalesce(sum(amount_minor), 0) INTO v_free
          FROM balance_holds WHERE account_id = v_account AND currency = v_currency AND expires_at > v_now;
        v_price := least(v_price, greatest(0, v_free));
      END IF;
    END IF;
    IF cardinality(v_ids) > 0 THEN
      UPDATE messages SET answered_at = v_now WHERE id = ANY (v_ids) AND answered_at IS NULL;
      GET DIAGNOSTICS v_count = ROW_COUNT;
      IF v_count <> cardinality(v_ids) THEN RAISE EXCEPTION USING ERRCODE = 'EA001'; END IF;
    END IF;
    INSERT INTO history_entries (account_id, bot_id, chat_id, source, channel, message, response, event,
        status, error, price_minor, own_key, currency, model, prompt_tokens, completion_tokens,
        embedding_tokens, actions, created_at)
      VALUES (v_account, (p->>'bot_id')::uuid, v_chat, p->>'channel', p->>'channel', p->>'message',
        p->>'response', p->>'event', p->>'status', p->>'error', v_price,
        coalesce((p->>'own_key')::boolean, false), v_currency, p->>'model',
        coalesce((p->>'prompt_tokens')::integer, 0), coalesce((p->>'completion_tokens')::integer, 0),
        coalesce((p->>'embedding_tokens')::integer, 0), coalesce(p->'actions', '[]'::jsonb), v_now)
      RETURNING * INTO v_history;
    IF v_price > 0 THEN
      INSERT INTO balance_entries (account_id, amount_minor, currency, kind, history_id, created_at)
        VALUES (v_account, -v_price, v_currency, 'charge', v_history.id, v_now);
    END IF;
    IF jsonb_array_length(coalesce(p->'notices', '[]'::jsonb)) > 0 THEN
      WITH stored AS (
        INSERT INTO messages (account_id, chat_id, external_id, author, text, history_id, created_at,
            answered_at, delivered_at)
          SELECT v_account, v_chat, 'notice:' || v_history.id || ':' || (n.at - 1), 'system', n.text,
            v_history.id, v_now, v_now, v_now
          FROM jsonb_array_elements_text(p->'notices') WITH ORDINALITY AS n(text, at)
          RETURNING *)
      SELECT coalesce(jsonb_agg(to_jsonb(stored) ORDER BY stored.seq), '[]'::jsonb) INTO v_notices FROM stored;
    END IF;
    IF coalesce(p->>'response', '') <> '' AND coalesce((p->>'store_reply')::boolean, true) THEN
      INSERT INTO messages (account_id, chat_id, external_id, author, text, attachments, history_id,
          created_at, answered_at, delivered_at)
        VALUES (v_account, v_chat, coalesce(p->>'reply_external_id', 'bot:' || v_history.id), 'bot',
          p->>'response', coalesce(p->'attachments', '[]'::jsonb), v_history.id, v_now, v_now,
          CASE WHEN coalesce((p->>'delivered_by_storing')::boolean, false) THEN v_now END)
        ON CONFLICT DO NOTHING
        RETURNING * INTO v_reply;
      IF v_reply.id IS NULL THEN RAISE EXCEPTION USING ERRCODE = 'EA001'; END IF;
    END IF;
    IF v_reply.id IS NOT NULL OR v_variables IS NOT NULL OR v_stop IS NOT NULL OR v_lease IS NOT NULL THEN
      UPDATE chats SET
          last_message_at = CASE WHEN v_reply.id IS NOT NULL THEN v_now ELSE last_message_at END,
          variables = CASE WHEN v_variables IS NOT NULL THEN variables || v_variables ELSE variables END,
          state = CASE WHEN v_stop IS NOT NULL THEN v_stop->>'state' ELSE state END,
          paused_until = CASE WHEN v_stop IS NOT NULL THEN (v_stop->>'paused_until')::timestamptz ELSE paused_until END,
          pause_code = CASE WHEN v_stop IS NOT NULL THEN (v_stop->>'pause_code')::integer ELSE pause_code END,
          resume_on_message = CASE WHEN v_stop IS NOT NULL THEN (v_stop->>'resume_on_message')::boolean
                                   ELSE resume_on_message END,
          answering_lease = CASE WHEN v_lease IS NOT NULL THEN NULL ELSE answering_lease END,
          answering_until = CASE WHEN v_lease IS NOT NULL THEN NULL ELSE answering_until END
        WHERE id = v_chat AND (v_lease IS NULL OR answering_lease = v_lease);
      GET DIAGNOSTICS v_count = ROW_COUNT;
      IF v_count = 0 THEN RAISE EXCEPTION USING ERRCODE = 'EA001'; END IF;
    END IF;
  EXCEPTION WHEN SQLSTATE 'EA001' THEN
    -- Another run did this work: only this run's hold and lease end.
    IF v_hold IS NOT NULL THEN DELETE FROM balance_holds WHERE id = v_hold; END IF;
    IF v_lease IS NOT NULL THEN
      UPDATE chats SET answering_lease = NULL, answering_until = NULL
        WHERE id = v_chat AND answering_lease = v_lease;
    END IF;
    RETURN jsonb_build_object('recorded', false);
  END;
  IF p ? 'newer_than' THEN
    SELECT * INTO v_newer FROM messages
      WHERE chat_id = v_chat AND author = 'customer' AND answered_at IS NULL
        AND seq > (p->>'newer_than')::bigint
      ORDER BY seq DESC LIMIT 1;
  END IF;
  RETURN jsonb_build_object('recorded', true, 'history', to_jsonb(v_history),
    'reply', CASE WHEN v_reply.id IS NULL THEN NULL ELSE to_jsonb(v_reply) END,
    'notices', v_notices,
    'newer', CASE WHEN v_newer.id IS NULL THEN NULL ELSE to_jsonb(v_newer) END,
    'charged', v_price, 'asked', v_asked);
END $$;
