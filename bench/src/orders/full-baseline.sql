-- The full-fidelity baseline of `bench orders`: one SQL function call per transition that writes
-- exactly the rows the app writes for it (checked by the bench, table by table), takes the same
-- row locks in the same order and checks what the app checks, with no application in between.
-- Installed in the bench's own database only; never part of the product's migrations.
--
-- Each transition's function plans its statements once and keeps the plans
-- (plan_cache_mode = force_generic_plan, for the call and the functions it calls). Left to
-- choose, PostgreSQL kept planning some of them again at every call, with no statistics to make
-- the kept plan look cheaper: a quarter to a third of the database's CPU a trade, one trade
-- after another. The app's statements cost the same either way (docs/PERFORMANCE.md, 2026-12-01).

-- The session check every authenticated request makes (auth/current-user.ts).
CREATE OR REPLACE FUNCTION bench_session(p_sid uuid, p_uid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM u.id, u.email, r.role, u.suspended_at IS NOT NULL, s.last_seen_at < now() - interval '5 minutes'
  FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN user_roles r ON r.user_id = u.id
  WHERE s.id = p_sid AND s.user_id = p_uid AND s.revoked_at IS NULL AND s.expires_at > now();
  IF NOT FOUND THEN RAISE EXCEPTION 'session'; END IF;
END $$;

-- What follows a move in the app's statement (orders/record-order-event.ts): the timer job, the
-- chat notice, the other party's notification and the audit row; then the answer: the order as
-- the client sees it with both parties' profiles (the presenting read), the Idempotency-Key row
-- holding it, and the realtime events through append_events (order.updated, chat.message,
-- order.changed to each party, notification.created).
CREATE OR REPLACE FUNCTION bench_after_move(
  o orders, p_actor uuid, p_action text, p_timer text, p_run_at timestamptz, p_notice text,
  p_title text, p_message text, p_type text, p_key text, p_hash text, p_status int
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_recipient uuid := CASE WHEN p_actor = o.creator_id THEN o.merchant_id ELSE o.creator_id END;
  v_chat chat_messages;
  v_note notifications;
  v_body text;
  v_change jsonb := jsonb_build_object('order_id', o.id, 'status', o.status, 'current_step', o.current_step,
    'is_active', o.is_active, 'action', p_action, 'updated_at', o.updated_at);
  -- The notice's details for its recipient, as the app writes them: their side, the amounts, the other party's name.
  v_details jsonb := jsonb_build_object(
    'side', CASE WHEN v_recipient = o.creator_id THEN o.side WHEN o.side = 'buy' THEN 'sell' ELSE 'buy' END,
    'coin', o.coin, 'coin_amount', o.coin_amount::text, 'naira_amount', o.naira_amount::text,
    'counterparty', (SELECT username FROM profiles WHERE id = CASE WHEN v_recipient = o.creator_id THEN o.merchant_id ELSE o.creator_id END));
BEGIN
  IF p_timer IS NOT NULL THEN
    INSERT INTO jobs (kind, payload, run_at, max_attempts) VALUES (p_timer, jsonb_build_object('order_id', o.id), p_run_at, 8);
  END IF;
  INSERT INTO chat_messages (order_id, sender_id, kind, content) VALUES (o.id, NULL, 'system', p_notice) RETURNING * INTO v_chat;
  INSERT INTO notifications (user_id, title, message, type, order_id, details) VALUES (v_recipient, p_title, p_message, p_type, o.id, v_details)
    RETURNING * INTO v_note;
  INSERT INTO audit_log (actor_id, action, target_type, target_id, data)
    VALUES (p_actor, 'order.' || p_action, 'order', o.id::text, jsonb_build_object('status', o.status));
  SELECT json_build_object('order', to_jsonb(o) || jsonb_build_object(
      'creator', (SELECT json_build_object('id', id, 'username', username, 'reputation_score', reputation_score::text, 'total_trades', total_trades) FROM profiles WHERE id = o.creator_id),
      'merchant', (SELECT json_build_object('id', id, 'username', username, 'reputation_score', reputation_score::text, 'total_trades', total_trades) FROM profiles WHERE id = o.merchant_id),
      'appeal', (SELECT row_to_json(a) FROM appeals a WHERE a.order_id = o.id ORDER BY a.created_at DESC LIMIT 1),
      'my_rating', (SELECT stars FROM order_ratings WHERE rater_id = p_actor AND order_id = o.id)))::text
    INTO v_body;
  INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body) VALUES (p_actor, p_key, p_hash, p_status, v_body);
  PERFORM * FROM append_events(jsonb_build_array(
    jsonb_build_object('ord', 0, 'topic', 'order:' || o.id, 'type', 'order.updated', 'payload', v_change),
    jsonb_build_object('ord', 1, 'topic', 'order:' || o.id, 'type', 'chat.message', 'payload', jsonb_build_object(
      'id', v_chat.id, 'order_id', o.id, 'kind', 'system', 'sender_id', NULL, 'sender_username', NULL, 'content', p_notice,
      'image', NULL, 'created_at', v_chat.created_at)),
    jsonb_build_object('ord', 2, 'topic', 'user:' || o.creator_id, 'type', 'order.changed', 'payload', v_change),
    jsonb_build_object('ord', 3, 'topic', 'user:' || o.merchant_id, 'type', 'order.changed', 'payload', v_change),
    jsonb_build_object('ord', 4, 'topic', 'user:' || v_recipient, 'type', 'notification.created', 'payload', jsonb_build_object(
      'id', v_note.id, 'title', p_title, 'message', p_message, 'type', p_type, 'is_read', false, 'order_id', o.id,
      'details', v_details, 'created_at', v_note.created_at))));
  RETURN v_body;
END $$;

-- One balanced two-entry transfer with its audit row (ledger/post-transfer.ts).
CREATE OR REPLACE FUNCTION bench_transfer(p_kind text, p_coin text, p_order uuid, p_actor uuid,
  a_id bigint, a_amount numeric, a_after numeric, b_id bigint, b_amount numeric, b_after numeric) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_transfer bigint;
BEGIN
  INSERT INTO ledger_transfers (kind, coin, order_id, actor_id) VALUES (p_kind, p_coin, p_order, p_actor) RETURNING id INTO v_transfer;
  INSERT INTO ledger_entries (transfer_id, account_id, coin, amount, balance_after)
    VALUES (v_transfer, a_id, p_coin, a_amount, a_after), (v_transfer, b_id, p_coin, b_amount, b_after);
  INSERT INTO audit_log (actor_id, action, target_type, target_id, data)
    VALUES (p_actor, 'ledger.' || p_kind, 'ledger_transfer', v_transfer::text, jsonb_build_object('coin', p_coin, 'order_id', p_order,
      'deposit_id', NULL, 'withdrawal_id', NULL, 'postings', jsonb_build_array(
        jsonb_build_object('account_id', a_id, 'amount', a_amount::text), jsonb_build_object('account_id', b_id, 'amount', b_amount::text))));
END $$;

-- create: a buy order on a merchant's online offer, the merchant's sellable balance checked under
-- the lock of their available account (orders/create-order.ts, offers/sellable-coins.ts).
CREATE OR REPLACE FUNCTION bench_create(p_sid uuid, p_uid uuid, p_merchant uuid, p_coin text, p_naira numeric, p_key text, p_hash text)
RETURNS text LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_offer record;
  v_amount numeric;
  v_fee numeric;
  v_sellable numeric;
  o orders;
BEGIN
  PERFORM bench_session(p_sid, p_uid);
  SELECT f.*, c.listed, c.fee_bps, coalesce(now() < r.merchant_since + make_interval(secs => 2592000), false) AS fee_free,
    coalesce(f.online AND r.role = 'merchant' AND u.suspended_at IS NULL, false) AS live INTO v_offer
  FROM offers f JOIN coins c ON c.symbol = f.coin JOIN users u ON u.id = f.merchant_id LEFT JOIN user_roles r ON r.user_id = f.merchant_id
  WHERE f.merchant_id = p_merchant AND f.coin = p_coin;
  IF NOT FOUND OR NOT v_offer.live OR NOT v_offer.listed THEN RAISE EXCEPTION 'offer unavailable'; END IF;
  v_amount := round(p_naira / v_offer.sell_price, 8);
  -- The fee, fixed now (fees/order-fee.ts): the coin's rate rounded down, or 0 in the merchant's free days.
  v_fee := CASE WHEN v_offer.fee_free THEN 0 ELSE trunc(v_amount * v_offer.fee_bps / 10000, 8) END;
  PERFORM 1 FROM ledger_accounts WHERE kind = 'available' AND coin = p_coin AND user_id = p_merchant FOR UPDATE;
  SELECT greatest(0,
    coalesce((SELECT a.balance FROM ledger_accounts a WHERE a.kind = 'available' AND a.coin = p_coin AND a.user_id = p_merchant), 0)
    - coalesce((SELECT sum(x.coin_amount + x.fee_amount) FROM orders x WHERE x.merchant_id = p_merchant AND x.seller_id = p_merchant AND x.coin = p_coin
        AND x.status = 'pending' AND x.escrow_locked_at IS NULL), 0)) INTO v_sellable;
  IF v_sellable < v_amount + v_fee THEN RAISE EXCEPTION 'insufficient'; END IF;
  INSERT INTO orders (creator_id, merchant_id, buyer_id, seller_id, coin, side, price, coin_amount, naira_amount, offer_id,
      payment_bank_name, payment_account_number, payment_account_name, accept_by, fee_bps, fee_amount, fee_waiver)
    VALUES (p_uid, p_merchant, p_uid, p_merchant, p_coin, 'buy', v_offer.sell_price, v_amount, p_naira, v_offer.id,
      v_offer.bank_name, v_offer.account_number, v_offer.account_name, date_trunc('milliseconds', now()) + make_interval(secs => 900),
      v_offer.fee_bps, v_fee, CASE WHEN v_offer.fee_free THEN 'new_merchant' END)
    RETURNING * INTO o;
  RETURN bench_after_move(o, p_uid, 'create', 'order.expire_acceptance', o.accept_by,
    format('Order created: buy %s %s at ₦%s per coin, ₦%s in total.', o.coin_amount, o.coin, o.price, o.naira_amount),
    'Order Update', 'Your order is now pending', 'order_update', p_key, p_hash, 201);
END $$;

-- accept: compare-and-set to matched, then the escrow lock (available → escrow).
CREATE OR REPLACE FUNCTION bench_accept(p_sid uuid, p_uid uuid, p_order uuid, p_key text, p_hash text) RETURNS text LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  o orders;
  v_debit record;
  v_credit record;
BEGIN
  PERFORM bench_session(p_sid, p_uid);
  UPDATE orders SET status = 'matched', is_active = true, updated_at = now(), current_step = 2, accepted_at = now(),
      pay_by = date_trunc('milliseconds', now()) + make_interval(secs => 1800), escrow_locked_at = coalesce(escrow_locked_at, now()),
      merchant_id = p_uid, buyer_id = coalesce(buyer_id, p_uid), seller_id = coalesce(seller_id, p_uid)
    WHERE id = p_order AND status = 'pending' AND merchant_id = p_uid AND accept_by > now() RETURNING * INTO o;
  IF NOT FOUND THEN RAISE EXCEPTION 'accept'; END IF;
  UPDATE ledger_accounts SET balance = balance - o.coin_amount WHERE kind = 'available' AND coin = o.coin AND user_id = o.seller_id
    RETURNING id, balance INTO v_debit;
  INSERT INTO ledger_accounts (kind, coin, user_id, order_id, balance) VALUES ('escrow', o.coin, o.seller_id, o.id, o.coin_amount)
    ON CONFLICT (order_id) WHERE kind = 'escrow' DO UPDATE SET balance = ledger_accounts.balance + excluded.balance
    RETURNING id, balance INTO v_credit;
  PERFORM bench_transfer('escrow_lock', o.coin, o.id, p_uid, v_debit.id, -o.coin_amount, v_debit.balance, v_credit.id, o.coin_amount, v_credit.balance);
  RETURN bench_after_move(o, p_uid, 'accept', 'order.expire_payment', o.pay_by,
    'The merchant accepted the order. Your trade has progressed to step 2 of 5.',
    'Order Update', 'Your order has been matched with a trader', 'order_update', p_key, p_hash, 200);
END $$;

-- mark paid: compare-and-set to in_progress.
CREATE OR REPLACE FUNCTION bench_mark_paid(p_sid uuid, p_uid uuid, p_order uuid, p_key text, p_hash text) RETURNS text LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  o orders;
BEGIN
  PERFORM bench_session(p_sid, p_uid);
  UPDATE orders SET status = 'in_progress', is_active = true, updated_at = now(), current_step = 3,
      confirm_by = date_trunc('milliseconds', now()) + make_interval(secs => 1800), paid_at = now()
    WHERE id = p_order AND status = 'matched' AND buyer_id = p_uid AND pay_by > now() RETURNING * INTO o;
  IF NOT FOUND THEN RAISE EXCEPTION 'mark paid'; END IF;
  RETURN bench_after_move(o, p_uid, 'mark_paid', 'order.expire_confirmation', o.confirm_by,
    'The buyer marked the naira payment as sent. Your trade has progressed to step 3 of 5.',
    'Order Update', 'Your trade is now in progress', 'order_update', p_key, p_hash, 200);
END $$;

-- confirm: compare-and-set to completed, the release (escrow → buyer), the history rows and both
-- parties' trade counts, and the seller's second-factor look-up (step-up).
CREATE OR REPLACE FUNCTION bench_confirm(p_sid uuid, p_uid uuid, p_order uuid, p_key text, p_hash text) RETURNS text LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  o orders;
  v_credit record;
  v_debit record;
BEGIN
  PERFORM bench_session(p_sid, p_uid);
  UPDATE orders SET status = 'completed', is_active = false, updated_at = now(), current_step = 5, completed_at = now(), appellant_id = NULL
    WHERE id = p_order AND status = 'in_progress' AND seller_id = p_uid RETURNING * INTO o;
  IF NOT FOUND THEN RAISE EXCEPTION 'confirm'; END IF;
  INSERT INTO ledger_accounts (kind, coin, user_id, balance) VALUES ('available', o.coin, o.buyer_id, o.coin_amount)
    ON CONFLICT (kind, coin, user_id) WHERE kind IN ('available', 'withdrawing') DO UPDATE SET balance = ledger_accounts.balance + excluded.balance
    RETURNING id, balance INTO v_credit;
  UPDATE ledger_accounts SET balance = balance - o.coin_amount WHERE kind = 'escrow' AND order_id = o.id RETURNING id, balance INTO v_debit;
  PERFORM bench_transfer('escrow_release', o.coin, o.id, p_uid, v_credit.id, o.coin_amount, v_credit.balance, v_debit.id, -o.coin_amount, v_debit.balance);
  INSERT INTO transaction_history (order_id, user_id, transaction_type, crypto_type, amount, total_amount, status, completed_at)
    VALUES (o.id, o.buyer_id, 'buy', o.coin, o.coin_amount, o.naira_amount, 'completed', o.completed_at),
           (o.id, o.seller_id, 'sell', o.coin, o.coin_amount, o.naira_amount, 'completed', o.completed_at)
    ON CONFLICT DO NOTHING;
  PERFORM 1 FROM profiles WHERE id IN (o.buyer_id, o.seller_id) ORDER BY id FOR UPDATE;
  UPDATE profiles SET total_trades = total_trades + 1 WHERE id IN (o.buyer_id, o.seller_id);
  PERFORM user_id FROM two_factor_secrets WHERE user_id = p_uid AND enabled_at IS NOT NULL LIMIT 1;
  RETURN bench_after_move(o, p_uid, 'confirm_payment', NULL, NULL,
    'The seller confirmed the payment and the coins were released to the buyer. Your trade has progressed to step 5 of 5.',
    'Order Completed', 'Your order has been completed successfully', 'order_completed', p_key, p_hash, 200);
END $$;
