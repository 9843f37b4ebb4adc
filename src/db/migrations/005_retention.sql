-- Retention: frame images and the whole-video signal of finished runs age out
-- (EVALS_RETENTION_DAYS); the run, its eval runs and issues stay. When they went
-- is kept so the report can say so instead of showing an empty contact sheet.
ALTER TABLE pipeline_runs ADD COLUMN frames_pruned_at timestamptz;
-- What a pruning pass scans: finished runs not yet pruned, oldest first.
CREATE INDEX pipeline_runs_unpruned ON pipeline_runs (completed_at) WHERE frames_pruned_at IS NULL AND completed_at IS NOT NULL;

-- Frame blobs belong to their pipeline run (keys are "<pipeline run id>/<index>.jpg"):
-- deleting a run deletes its images. Blobs of runs deleted before this migration
-- belonged to nothing any more and are dropped.
ALTER TABLE frame_blobs ADD COLUMN pipeline_run_id text;
UPDATE frame_blobs b SET pipeline_run_id = p.id FROM pipeline_runs p WHERE p.id = split_part(b.storage_key, '/', 1);
DELETE FROM frame_blobs WHERE pipeline_run_id IS NULL;
ALTER TABLE frame_blobs
  ALTER COLUMN pipeline_run_id SET NOT NULL,
  ADD CONSTRAINT frame_blobs_pipeline_run FOREIGN KEY (pipeline_run_id) REFERENCES pipeline_runs (id) ON DELETE CASCADE;
CREATE INDEX frame_blobs_pipeline_run ON frame_blobs (pipeline_run_id);
