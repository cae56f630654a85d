-- Sign-in from a network the person has used before (issue 29, items 7 and 8).
-- The network a session signed in from (an IPv4 address or an IPv6 /64), as an HMAC keyed by the app
-- secret, never the address itself: a code request from a network the owner has signed in from is
-- spared the per-address ceiling a stranger with many networks could fill (services/auth.service.ts).
ALTER TABLE sessions ADD COLUMN sign_in_network TEXT;
CREATE INDEX sessions_user_network ON sessions (user_id, sign_in_network);
-- Wrong tries against a code from a network other than the one that asked for it, counted per network:
-- a stranger's guesses from his networks no longer spend the tries of the owner's other network.
-- otp_codes.foreign_wrong_tries stays the total across those networks (a ceiling). Gone with the code.
CREATE TABLE otp_code_network_tries (
  code_id BIGINT NOT NULL REFERENCES otp_codes (id) ON DELETE CASCADE,
  network TEXT NOT NULL,
  wrong_tries INTEGER NOT NULL,
  PRIMARY KEY (code_id, network)
);
