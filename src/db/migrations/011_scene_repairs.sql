-- What repairing a run's scene found (docs/fixes.md): one row per run, written
-- once by the repairScene activity. `fixes` holds one entry per layout finding
-- (its stored issue's id where one matches, the verdict, the change, the
-- unified diff per file, what re-inspection showed); `combined` the verified
-- patches applied together (its diff per file and the patched files). Small
-- texts kept like the issues, not pruned with the frames.
CREATE TABLE scene_repairs (
  pipeline_run_id text PRIMARY KEY REFERENCES pipeline_runs (id) ON DELETE CASCADE,
  fixes           jsonb NOT NULL,
  combined        jsonb NOT NULL,
  candidates      integer NOT NULL,
  wall_ms         integer NOT NULL,
  cpu_seconds     numeric(10, 3),
  import_cpu_seconds numeric(10, 3),
  created_at      timestamptz NOT NULL DEFAULT now()
);
