-- The /language settings: key is "user:<id>", "channel:<id>" or
-- "guild:<id>", lang "" a cleared setting. txid is the transaction that
-- wrote the row last: readers ask for the rows written by transactions
-- they could not see yet (see Postgres.SettingsSince).
CREATE TABLE arbiter_settings (
    key  text PRIMARY KEY,
    lang text NOT NULL,
    txid xid8 NOT NULL DEFAULT pg_current_xact_id()
);
CREATE INDEX arbiter_settings_txid ON arbiter_settings (txid);

-- Signed requests seen (timestamp and signature), until they expire.
CREATE TABLE arbiter_replay (
    key     text PRIMARY KEY,
    expires timestamptz NOT NULL
);
CREATE INDEX arbiter_replay_expires ON arbiter_replay (expires);

-- Rate-limit token buckets.
CREATE TABLE arbiter_buckets (
    key     text PRIMARY KEY,
    tokens  double precision NOT NULL,
    updated timestamptz NOT NULL,
    spent   boolean NOT NULL
);
CREATE INDEX arbiter_buckets_updated ON arbiter_buckets (updated);

-- Files imported once (the JSON-lines settings of earlier versions).
CREATE TABLE arbiter_imports (
    name text PRIMARY KEY,
    at   timestamptz NOT NULL DEFAULT now()
);
