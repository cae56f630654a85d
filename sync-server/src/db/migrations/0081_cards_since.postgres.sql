-- PostgreSQL twin of 0081_cards_since.sqlite.sql (epoch ms as BIGINT); the comments there say why.
ALTER TABLE cards ADD COLUMN changed_ms BIGINT NOT NULL DEFAULT 0;
CREATE INDEX cards_changed ON cards (user_id, language_code, changed_ms, client_id);
ALTER TABLE card_removals ADD COLUMN language_code TEXT;
ALTER TABLE card_removals ADD COLUMN removed_ms BIGINT NOT NULL DEFAULT 0;
CREATE INDEX card_removals_since ON card_removals (user_id, language_code, removed_ms);
