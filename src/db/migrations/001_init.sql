-- Attempt numbers are allocated from this counter inside the transaction that
-- inserts the pipeline run: the row lock serialises concurrent triggers of one
-- fragment, and a rolled-back insert leaves no gap.
CREATE TABLE fragment_attempts (
  fragment_id  text PRIMARY KEY,
  last_attempt integer NOT NULL
);

CREATE TABLE pipeline_runs (
  id              text PRIMARY KEY,
  fragment_id     text NOT NULL,
  project_id      text NOT NULL,
  user_id         text NOT NULL,
  attempt_number  integer NOT NULL CHECK (attempt_number >= 1),
  status          text NOT NULL CHECK (status IN ('PENDING', 'RUNNING', 'COMPLETED', 'ERROR')),
  overall_status  text CHECK (overall_status IN ('PASS', 'FAIL', 'ERROR', 'SKIPPED')),
  render_job_id   text,
  execution_name  text,
  -- The Temporal run that owns this row: activity retries find it again by this key.
  temporal_run_id text NOT NULL UNIQUE,
  summary         text,
  -- Probe and plan of the extracted frames (duration, fps, size, strategy).
  frame_plan      jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  started_at      timestamptz NOT NULL DEFAULT now(),
  completed_at    timestamptz,
  UNIQUE (fragment_id, attempt_number)
);
CREATE INDEX pipeline_runs_fragment ON pipeline_runs (fragment_id, attempt_number DESC);

CREATE TABLE eval_runs (
  id                  text PRIMARY KEY,
  pipeline_run_id     text NOT NULL REFERENCES pipeline_runs (id) ON DELETE CASCADE,
  kind                text NOT NULL CHECK (kind IN ('USER_INPUT_SECURITY', 'VISUAL_VALIDATION_JSON', 'DESIGN_VALIDATION_JSON', 'VISUAL_RUBRIC_JSON', 'ENGAGEMENT_RUBRIC_JSON')),
  status              text NOT NULL CHECK (status IN ('PENDING', 'RUNNING', 'PASS', 'FAIL', 'ERROR', 'SKIPPED')),
  score               integer,
  max_score           integer,
  issue_count         integer NOT NULL DEFAULT 0,
  high_severity_count integer NOT NULL DEFAULT 0,
  summary             text,
  provider            text,
  model               text,
  prompt_version      text,
  prompt_tokens       integer,
  completion_tokens   integer,
  image_tokens        integer,
  cost_usd            numeric(12, 6),
  latency_ms          integer,
  created_at          timestamptz NOT NULL DEFAULT now(),
  completed_at        timestamptz,
  UNIQUE (pipeline_run_id, kind)
);

CREATE TABLE eval_issues (
  id            text PRIMARY KEY,
  eval_run_id   text NOT NULL REFERENCES eval_runs (id) ON DELETE CASCADE,
  -- Position in the judge's answer: with the unique key, a retried write cannot duplicate an issue.
  ordinal       integer NOT NULL,
  severity      text NOT NULL CHECK (severity IN ('LOW', 'MEDIUM', 'HIGH')),
  category      text NOT NULL,
  frame_index   integer,
  frame_hint    text,
  description   text NOT NULL,
  suggested_fix text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (eval_run_id, ordinal)
);

CREATE TABLE frames (
  pipeline_run_id text NOT NULL REFERENCES pipeline_runs (id) ON DELETE CASCADE,
  frame_index     integer NOT NULL,
  timestamp_ms    integer NOT NULL,
  width           integer NOT NULL,
  height          integer NOT NULL,
  storage_key     text NOT NULL,
  PRIMARY KEY (pipeline_run_id, frame_index)
);

-- Frame images, so any worker of the fleet can load a run's frames without
-- decoding the video again (workers share nothing but Temporal and PostgreSQL).
CREATE TABLE frame_blobs (
  storage_key  text PRIMARY KEY,
  content_type text NOT NULL,
  content      bytea NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
