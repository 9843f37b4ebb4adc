-- Calibration and human review (docs/calibration.md).

-- Where a run's frames came from (the animation's URL, or the file `evals run`
-- was given): `evals labels export` names a reviewed run's animation by it.
-- Runs made before this migration have none.
ALTER TABLE pipeline_runs ADD COLUMN animation_url text;

-- `evals calibrate`: the pipeline run that judged an animation under a
-- configuration. Keyed by what decides the judgement (the configuration's
-- settings and the judge's versions; the animation's bytes and inputs), so an
-- interrupted calibration resumes where it stopped, and another set naming
-- the same animation (a set exported from reviews) reuses the run.
CREATE TABLE calibration_results (
  configuration_hash text NOT NULL,
  animation_hash     text NOT NULL,
  pipeline_run_id    text NOT NULL REFERENCES pipeline_runs (id) ON DELETE CASCADE,
  -- The labelled animation's inputs (file or URL, scene sources and class,
  -- user input, title, description): what a labelled set exported from a
  -- review of this run names.
  animation          jsonb NOT NULL,
  -- The configuration's settings (secrets left out), for people.
  configuration      jsonb NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (configuration_hash, animation_hash)
);
CREATE INDEX calibration_results_run ON calibration_results (pipeline_run_id);

-- A key that may review signs its reviews with this name; null: read-only.
ALTER TABLE api_keys ADD COLUMN reviewer text;

-- A reviewer's verdict on an issue the judge reported: one per reviewer and
-- issue, the latest standing. Reviews sit beside the run; its rows never change.
CREATE TABLE issue_reviews (
  issue_id        text NOT NULL REFERENCES eval_issues (id) ON DELETE CASCADE,
  reviewer        text NOT NULL,
  pipeline_run_id text NOT NULL REFERENCES pipeline_runs (id) ON DELETE CASCADE,
  verdict         text NOT NULL CHECK (verdict IN ('right', 'wrong')),
  reviewed_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issue_id, reviewer)
);
CREATE INDEX issue_reviews_run ON issue_reviews (pipeline_run_id);
CREATE INDEX issue_reviews_time ON issue_reviews (reviewed_at);

-- An issue the judge missed, placed by a reviewer on a frame (x, y as
-- fractions of it). The frame's time is kept: retention prunes frames.
CREATE TABLE missed_issues (
  id              text PRIMARY KEY,
  pipeline_run_id text NOT NULL REFERENCES pipeline_runs (id) ON DELETE CASCADE,
  reviewer        text NOT NULL,
  kind            text NOT NULL CHECK (kind IN ('USER_INPUT_SECURITY', 'VISUAL_VALIDATION_JSON', 'DESIGN_VALIDATION_JSON', 'VISUAL_RUBRIC_JSON', 'ENGAGEMENT_RUBRIC_JSON')),
  category        text NOT NULL,
  frame_index     integer NOT NULL,
  timestamp_ms    integer NOT NULL,
  x               real NOT NULL CHECK (x >= 0 AND x <= 1),
  y               real NOT NULL CHECK (y >= 0 AND y <= 1),
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX missed_issues_run ON missed_issues (pipeline_run_id);
CREATE INDEX missed_issues_time ON missed_issues (created_at);

-- A reviewer's word that they went through the whole run: the issues they did
-- not mark wrong are right, and what they added is all the judge missed.
-- Only runs someone finished reviewing are exported as labels.
CREATE TABLE run_reviews (
  pipeline_run_id text NOT NULL REFERENCES pipeline_runs (id) ON DELETE CASCADE,
  reviewer        text NOT NULL,
  completed_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (pipeline_run_id, reviewer)
);
