-- Prompt tokens the judge endpoint served from its prompt cache, per eval run
-- (priced at the model's cached-input rate). Not part of the REST shapes.
ALTER TABLE eval_runs ADD COLUMN cached_tokens integer;

-- A pipeline run's judge secret: every judge request of the run, on any worker,
-- derives its content fences from it, so the requests share a cacheable prefix
-- while the content (which exists before the run) cannot know the fences.
-- A table of its own, so no read of pipeline_runs ever carries it; never served,
-- never logged.
CREATE TABLE pipeline_run_secrets (
  pipeline_run_id text PRIMARY KEY REFERENCES pipeline_runs (id) ON DELETE CASCADE,
  judge_secret text NOT NULL
);
