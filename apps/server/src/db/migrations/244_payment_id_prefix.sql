-- Issue 32: an operator pastes an order or payment id (or its start) into the purchase search.
-- The trigram index of migration 242 answered it, but every id starts "order_" or "pay_", so the
-- id's first trigrams are in every purchase's entry and the index scan grew with the table
-- (3 → 10 ms at 200,000 members for 11 matches). A search shaped like an id is looked up by the
-- id's start in these b-tree indexes instead: text_pattern_ops lets LIKE 'prefix%' use them in any
-- collation, and lower() matches the search, which is compared lower-cased like every other.
CREATE INDEX payments_order_id_prefix_idx ON payments (lower(razorpay_order_id) text_pattern_ops);
CREATE INDEX payments_payment_id_prefix_idx ON payments (lower(razorpay_payment_id) text_pattern_ops)
  WHERE razorpay_payment_id IS NOT NULL;
