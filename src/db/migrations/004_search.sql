-- The operator's search synonyms (one row): applied by every process without a restart.
CREATE TABLE search_synonyms (
  id smallint PRIMARY KEY CHECK (id = 1),
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);
