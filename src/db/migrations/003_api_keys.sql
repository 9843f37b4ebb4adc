-- Accounts of the read API and their keys. A key is stored only as its SHA-256:
-- keys are 256 random bits, so a fast hash cannot be brute-forced, and a copy of
-- this table grants nothing.
CREATE TABLE api_accounts (
  user_id     text PRIMARY KEY,
  credits     bigint NOT NULL DEFAULT 0 CHECK (credits >= 0),
  usage_based boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  key_hash   bytea PRIMARY KEY,
  user_id    text NOT NULL REFERENCES api_accounts (user_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_keys_user ON api_keys (user_id);
