-- Accounts, sign-in codes and sessions.
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  display_name TEXT,
  display_name_changed_at TEXT,
  daily_goal_minutes INTEGER NOT NULL DEFAULT 15 CHECK (daily_goal_minutes BETWEEN 1 AND 720),
  is_premium INTEGER NOT NULL DEFAULT 0 CHECK (is_premium IN (0, 1)),
  is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
  is_contributor INTEGER NOT NULL DEFAULT 0 CHECK (is_contributor IN (0, 1)),
  time_zone TEXT NOT NULL DEFAULT 'UTC',
  created_at TEXT NOT NULL,
  last_sign_in_at TEXT
);

-- One-time codes, stored as an HMAC of the address and the code; only the newest per address is live.
CREATE TABLE otp_codes (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  requested_ip TEXT NOT NULL,
  created_at INTEGER NOT NULL,   -- epoch ms
  expires_at INTEGER NOT NULL,   -- epoch ms
  wrong_tries INTEGER NOT NULL DEFAULT 0,
  consumed_at INTEGER
);
CREATE INDEX otp_codes_email_created ON otp_codes (email, created_at);
CREATE INDEX otp_codes_ip_created ON otp_codes (requested_ip, created_at);

-- Bearer tokens, stored as SHA-256 hashes: a leaked database holds no usable token.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
) WITHOUT ROWID;
CREATE INDEX sessions_user ON sessions (user_id);
