-- Evidence sources shared by every process (docs/decisions/210-evidence-source-budgets.md).

-- A rate budget per key (PatentsView: 45 requests a minute), taken by every report, worker and
-- server: a sliding-window log, one row per request sent, read and written under an advisory
-- lock per bucket. The bucket names the source and a hash of the key, never the key.
CREATE TABLE evidence_rate_slots (
  bucket text NOT NULL CHECK (char_length(bucket) BETWEEN 1 AND 100),
  taken_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX evidence_rate_slots_bucket_idx ON evidence_rate_slots (bucket, taken_at);

-- The same search within a day is answered from here (only search terms, never the idea).
CREATE TABLE evidence_search_cache (
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 40),
  query text NOT NULL CHECK (char_length(query) BETWEEN 1 AND 300),
  hits jsonb NOT NULL CHECK (jsonb_typeof(hits) = 'array'),
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, query)
);
CREATE INDEX evidence_search_cache_fetched_idx ON evidence_search_cache (fetched_at);

-- What operators see per source: searches sent, failures and cache hits per UTC day.
CREATE TABLE evidence_source_usage (
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 40),
  day date NOT NULL,
  searches integer NOT NULL DEFAULT 0 CHECK (searches >= 0),
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0 AND failures <= searches),
  cache_hits integer NOT NULL DEFAULT 0 CHECK (cache_hits >= 0),
  PRIMARY KEY (source, day)
);

-- And its state: the last failure in plain words, a spent allowance, the start-up probe.
CREATE TABLE evidence_source_status (
  source text PRIMARY KEY CHECK (char_length(source) BETWEEN 1 AND 40),
  last_ok_at timestamptz,
  last_error text CHECK (char_length(last_error) <= 300),
  last_error_at timestamptz,
  spent_until timestamptz,
  probe text CHECK (probe IN ('ok', 'refused', 'unreachable')),
  probed_at timestamptz,
  CHECK ((last_error IS NULL) = (last_error_at IS NULL))
);
