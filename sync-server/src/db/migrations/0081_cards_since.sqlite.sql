-- A since cursor on GET /me/cards (issue 43): a reload of the review page pulled all 10,000 cards to learn
-- that none had changed. Each card notes when the server last changed it (saved, a review folded in, its
-- clip cut: changed_ms, the server's clock), and each removal its card's language and when it was
-- received (removed_ms), so a pull asks only for what changed after its cursor and learns which cards
-- left. Rows from before this migration carry 0: older than any cursor, which is issued from now on.
ALTER TABLE cards ADD COLUMN changed_ms INTEGER NOT NULL DEFAULT 0;
CREATE INDEX cards_changed ON cards (user_id, language_code, changed_ms, client_id);
ALTER TABLE card_removals ADD COLUMN language_code TEXT;
ALTER TABLE card_removals ADD COLUMN removed_ms INTEGER NOT NULL DEFAULT 0;
CREATE INDEX card_removals_since ON card_removals (user_id, language_code, removed_ms);
