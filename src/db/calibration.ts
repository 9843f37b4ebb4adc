import type pg from 'pg';

/**
 * `evals calibrate`'s record of which pipeline run judged an animation under
 * a configuration, keyed by what decides the judgement (migration 009), so a
 * calibration resumes after an interrupt and never judges an animation twice
 * under one configuration.
 */

/** The inputs of a labelled animation, as the run that judged it was given them. */
export interface CalibratedAnimation {
  animation: string;
  scene: { sources: string[]; class: string | null } | null;
  userInput: string | null;
  title: string | null;
  description: string | null;
}

/**
 * The run that judged the animation under the configuration. Only a run that
 * judged every kind counts: one that ended ERROR (a judge endpoint down, an
 * unreadable file) is judged again next time.
 */
export async function findCalibrationRun(pool: pg.Pool, configurationHash: string, animationHash: string): Promise<string | null> {
  const r = await pool.query<{ pipeline_run_id: string }>(
    `SELECT c.pipeline_run_id FROM calibration_results c JOIN pipeline_runs p ON p.id = c.pipeline_run_id
     WHERE c.configuration_hash = $1 AND c.animation_hash = $2 AND p.status = 'COMPLETED'
       AND NOT EXISTS (SELECT 1 FROM eval_runs r WHERE r.pipeline_run_id = p.id AND r.status = 'ERROR')`,
    [configurationHash, animationHash],
  );
  return r.rows[0]?.pipeline_run_id ?? null;
}

export async function saveCalibrationRun(
  pool: pg.Pool,
  result: {
    configurationHash: string;
    animationHash: string;
    pipelineRunId: string;
    animation: CalibratedAnimation;
    configuration: Record<string, string>;
  },
): Promise<void> {
  await pool.query(
    `INSERT INTO calibration_results (configuration_hash, animation_hash, pipeline_run_id, animation, configuration) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (configuration_hash, animation_hash) DO UPDATE SET pipeline_run_id = EXCLUDED.pipeline_run_id, animation = EXCLUDED.animation, configuration = EXCLUDED.configuration, created_at = now()`,
    [
      result.configurationHash,
      result.animationHash,
      result.pipelineRunId,
      JSON.stringify(result.animation),
      JSON.stringify(result.configuration),
    ],
  );
}

/** The labelled inputs of runs made by `evals calibrate`, by pipeline run id. */
export async function calibratedAnimations(pool: pg.Pool, pipelineRunIds: readonly string[]): Promise<Map<string, CalibratedAnimation>> {
  const r = await pool.query<{ pipeline_run_id: string; animation: CalibratedAnimation }>(
    'SELECT pipeline_run_id, animation FROM calibration_results WHERE pipeline_run_id = ANY($1)',
    [pipelineRunIds],
  );
  return new Map(r.rows.map((row) => [row.pipeline_run_id, row.animation]));
}
