-- What the scene inspector found for a pipeline run (docs/scene-inspection.md):
-- whether the fragment's Manim source was inspected, and why not, and the
-- recorded timeline the layout findings and the visual report read. The
-- timeline is bulk data, pruned with the frames.
CREATE TABLE scene_inspections (
  pipeline_run_id text PRIMARY KEY REFERENCES pipeline_runs (id) ON DELETE CASCADE,
  status          text NOT NULL CHECK (status IN ('inspected', 'skipped', 'refused', 'failed', 'discarded')),
  note            text NOT NULL,
  timeline        jsonb,
  wall_ms         integer,
  cpu_seconds     numeric(10, 3),
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Who found an issue: the scene's recorded geometry, the pixel analyzers or
-- the judge. Shown by the visual report; not part of the REST shapes.
ALTER TABLE eval_issues ADD COLUMN origin text CHECK (origin IN ('scene', 'pixels', 'judge'));
