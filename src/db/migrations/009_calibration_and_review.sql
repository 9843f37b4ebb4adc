-- Calibration and human review (docs/calibration.md).

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
