-- PostgreSQL twin of 0006_admin_and_billing.sqlite.sql.
CREATE INDEX users_created ON users (created_at, id);
CREATE INDEX videos_created ON videos (created_at, id);
CREATE INDEX user_feedbacks_created_id ON user_feedbacks (created_at, id);

CREATE TABLE billing_checkouts (
  id TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan TEXT NOT NULL CHECK (plan IN ('month', 'year')),
  provider TEXT NOT NULL CHECK (provider IN ('local', 'stripe')),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'expired')),
  created_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX billing_checkouts_user ON billing_checkouts (user_id);

CREATE TABLE subscriptions (
  user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  provider TEXT NOT NULL CHECK (provider IN ('local', 'stripe')),
  plan TEXT NOT NULL CHECK (plan IN ('month', 'year')),
  status TEXT NOT NULL CHECK (status IN ('active', 'canceled', 'past_due')),
  current_period_end TEXT,
  cancel_at_period_end INTEGER NOT NULL DEFAULT 0 CHECK (cancel_at_period_end IN (0, 1)),
  stripe_customer_id TEXT,
  stripe_subscription_id TEXT,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX subscriptions_stripe_customer ON subscriptions (stripe_customer_id) WHERE stripe_customer_id IS NOT NULL;

CREATE TABLE billing_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  received_at TEXT NOT NULL
);
