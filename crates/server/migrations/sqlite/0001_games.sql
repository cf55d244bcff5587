-- One row per game: its current state (JSON, rewritten with every event, only where
-- `version` is the version the writer read) and the hashes of its seat tokens.
CREATE TABLE games (
    id TEXT PRIMARY KEY NOT NULL,
    version INTEGER NOT NULL,
    status TEXT NOT NULL,
    white_token_sha256 BLOB,
    black_token_sha256 BLOB,
    state TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    updated_at_ms INTEGER NOT NULL
);

CREATE INDEX games_by_status ON games (status, updated_at_ms);

-- Every event of every game, numbered from 1: the primary key makes a second writer of
-- the same version fail.
CREATE TABLE game_events (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    event TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
