-- The schema of crates/server/migrations/sqlite/0001_games.sql in PostgreSQL's types:
-- one row per game, its current state (JSON text, rewritten with every event, only
-- where `version` is the version the writer read) and the hashes of its seat tokens.
CREATE TABLE games (
    id TEXT PRIMARY KEY NOT NULL,
    version BIGINT NOT NULL,
    status TEXT NOT NULL,
    white_token_sha256 BYTEA,
    black_token_sha256 BYTEA,
    state TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL,
    updated_at_ms BIGINT NOT NULL
);

CREATE INDEX games_by_status ON games (status, updated_at_ms);

-- Every event of every game, numbered from 1: the primary key makes a second writer of
-- the same version fail.
CREATE TABLE game_events (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    event TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, version)
);
