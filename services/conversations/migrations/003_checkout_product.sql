-- The assistant's reply to a visitor who wants to buy, when the domain takes payments: the product
-- (one of product_ids) whose payment flow the widget opens. Null on every other message.
ALTER TABLE messages ADD COLUMN checkout_product_id text;
