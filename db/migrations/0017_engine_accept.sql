-- Accepting a message in one round trip (issue #25): the chat and the message stored, and the
-- answer's due time set, by one call. functions/engine/{receive,accumulate}.ts call them.

-- accumulate.ts: the due time of the answer to the batch a customer message at `p_at` ends, written
-- on the chat. `p_rule`: delay_seconds (accumulation's wait; 0 when instant), max_wait_seconds
-- (answer no later than this after the batch's first message), operator_wait_minutes (no earlier
-- than this after it, for an operator to answer first); the last two may be null.
CREATE OR REPLACE FUNCTION engine_due(p_chat uuid, p_at timestamptz, p_rule jsonb)
RETURNS timestamptz LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_due timestamptz := p_at + make_interval(secs => (p_rule->>'delay_seconds')::double precision);
  v_max double precision := (p_rule->>'max_wait_seconds')::double precision;
  v_operator double precision := (p_rule->>'operator_wait_minutes')::double precision;
  v_start timestamptz;
BEGIN
  IF v_max IS NOT NULL OR v_operator IS NOT NULL THEN
    SELECT least(p_at, coalesce(min(created_at), p_at)) INTO v_start
      FROM messages WHERE chat_id = p_chat AND author = 'customer' AND answered_at IS NULL;
    IF v_max IS NOT NULL THEN v_due := least(v_due, v_start + make_interval(secs => v_max)); END IF;
    IF v_operator IS NOT NULL THEN
      v_due := greatest(v_due, v_start + make_interval(secs => v_operator * 60));
    END IF;
  END IF;
  UPDATE chats SET answer_due_at = v_due WHERE id = p_chat;
  RETURN v_due;
END $$;
--> statement-breakpoint

-- receive.ts: the chat with this key as a message arrives (created on its first message, its last
-- message time, customer and refs brought up to date otherwise, a chat without a bot taken over by
-- the one serving it now), the message stored once by its external id, and, for a new message with
-- `due` (a customer's, with a bot), the answer's due time. Returns the chat, the message, is_new.
CREATE OR REPLACE FUNCTION engine_accept(p jsonb) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_now timestamptz := (p->>'now')::timestamptz;
  v_chat chats;
  v_message messages;
  v_new boolean := false;
BEGIN
  INSERT INTO chats (account_id, channel, integration_id, external_id, bot_id, created_at,
      last_message_at, customer_name, customer_phone, customer_username, channel_refs)
    VALUES ((p->>'account_id')::uuid, p->>'channel', (p->>'integration_id')::uuid, p->>'chat_external_id',
      (p->>'bot_id')::uuid, v_now, v_now, nullif(p->>'customer_name', ''), nullif(p->>'customer_phone', ''),
      nullif(p->>'customer_username', ''), coalesce(p->'refs', '{}'::jsonb))
    ON CONFLICT (account_id, channel, integration_id, external_id) DO UPDATE SET
      last_message_at = greatest(chats.last_message_at, excluded.last_message_at),
      bot_id = coalesce(chats.bot_id, excluded.bot_id),
      customer_name = coalesce(excluded.customer_name, chats.customer_name),
      customer_phone = coalesce(excluded.customer_phone, chats.customer_phone),
      customer_username = coalesce(excluded.customer_username, chats.customer_username),
      channel_refs = chats.channel_refs || excluded.channel_refs
    RETURNING * INTO v_chat;
  INSERT INTO messages (account_id, chat_id, external_id, author, text, created_at, delivered_at)
    VALUES (v_chat.account_id, v_chat.id, p->>'message_external_id', p->>'author', p->>'text', v_now,
      CASE WHEN coalesce((p->>'delivered')::boolean, false) THEN v_now END)
    ON CONFLICT DO NOTHING
    RETURNING * INTO v_message;
  IF v_message.id IS NULL THEN
    SELECT * INTO v_message FROM messages
      WHERE chat_id = v_chat.id AND external_id = p->>'message_external_id';
  ELSE
    v_new := true;
    IF jsonb_typeof(p->'due') = 'object' THEN
      v_chat.answer_due_at := engine_due(v_chat.id, v_now, p->'due');
    END IF;
  END IF;
  RETURN jsonb_build_object('chat', to_jsonb(v_chat), 'message', to_jsonb(v_message), 'is_new', v_new);
END $$;
--> statement-breakpoint

-- claim.ts (replacing 0016's): a claimed chat comes with its account (without the password's hash)
-- and its bot (null once deleted), so the run reads neither again.
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
    'waiting', v_waiting, 'leftovers', v_leftovers,
    'account', (SELECT to_jsonb(a) - 'password_hash' FROM accounts a WHERE a.id = v_chat.account_id),
    'bot', (SELECT to_jsonb(b) FROM bots b WHERE b.id = v_chat.bot_id AND b.account_id = v_chat.account_id));
END $$;
--> statement-breakpoint

-- model-access.ts reads an account's own ChatGPT key only when its bots ever moved to one
-- (accounts.model_switched_at, set when the integration connects): an account connected before
-- that moment was kept gets it now, from the connection's time.
UPDATE accounts a SET model_switched_at = coalesce((
    SELECT min(CASE WHEN i.connection_data->>'connected_at' ~ '^\d{4}-\d{2}-\d{2}T'
                    THEN (i.connection_data->>'connected_at')::timestamptz END)
    FROM integrations i WHERE i.account_id = a.id AND i.type = 'chatgpt' AND i.connection_data ? 'connected_at'),
  now())
WHERE a.model_switched_at IS NULL AND EXISTS (
  SELECT 1 FROM integrations i WHERE i.account_id = a.id AND i.type = 'chatgpt' AND i.connection_data ? 'connected_at');
