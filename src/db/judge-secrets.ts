import crypto from 'node:crypto';
import type pg from 'pg';

/**
 * The pipeline run's judge secret, drawn by whichever worker asks first; the
 * primary key makes two workers asking at once read the same one.
 */
export async function judgeSecret(pool: pg.Pool, pipelineRunId: string): Promise<string> {
  await pool.query(
    'INSERT INTO pipeline_run_secrets (pipeline_run_id, judge_secret) VALUES ($1, $2) ON CONFLICT (pipeline_run_id) DO NOTHING',
    [pipelineRunId, crypto.randomBytes(32).toString('hex')],
  );
  const r = await pool.query<{ judge_secret: string }>('SELECT judge_secret FROM pipeline_run_secrets WHERE pipeline_run_id = $1', [
    pipelineRunId,
  ]);
  return r.rows[0].judge_secret;
}
