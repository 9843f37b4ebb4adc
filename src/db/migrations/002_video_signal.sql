-- The whole-video signal of a run (luma and motion of every decoded frame, scene
-- changes), measured in the extraction's decode pass for analyzers that frame
-- sampling is too coarse for. Its own table keeps pipeline_runs rows small.
CREATE TABLE video_signals (
  pipeline_run_id text PRIMARY KEY REFERENCES pipeline_runs (id) ON DELETE CASCADE,
  signal          jsonb NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
