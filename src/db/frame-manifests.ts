import type pg from 'pg';
import { buildManifest, type FrameManifest, type VideoSignal } from '../media/manifest';
import type { FramePlan } from '../media/plan';
import { inTransaction } from './transaction';

/** A run's frame manifest (frame rows and plan) and its whole-video signal: written once by extraction, read by every judge. The images themselves are in src/media/frame-store.ts. */

/** Stores a run's frames, its frame plan and signal, and where the animation came from. */
export async function saveFrames(
  pool: pg.Pool,
  pipelineRunId: string,
  extracted: { animationUrl: string; manifest: FrameManifest; plan: FramePlan; signal: VideoSignal | null },
): Promise<void> {
  const { manifest, plan, signal } = extracted;
  await inTransaction(pool, async (client) => {
    if (signal) {
      await client.query('INSERT INTO video_signals (pipeline_run_id, signal) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        pipelineRunId,
        JSON.stringify(signal),
      ]);
    }
    for (const f of manifest.frames) {
      await client.query(
        `INSERT INTO frames (pipeline_run_id, frame_index, timestamp_ms, width, height, storage_key)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
        [pipelineRunId, f.index, f.timestampMs, f.width, f.height, f.key],
      );
    }
    await client.query('UPDATE pipeline_runs SET frame_plan = $2, animation_url = $3 WHERE id = $1', [
      pipelineRunId,
      JSON.stringify(plan),
      extracted.animationUrl,
    ]);
  });
}

/** The stored manifest, when an earlier attempt of the activity already extracted the frames. */
export async function loadManifest(pool: pg.Pool, pipelineRunId: string): Promise<FrameManifest | null> {
  const run = await pool.query<{ frame_plan: FramePlan | null }>('SELECT frame_plan FROM pipeline_runs WHERE id = $1', [pipelineRunId]);
  const plan = run.rows[0]?.frame_plan;
  if (!plan) return null;
  const frames = await pool.query<{ frame_index: number; timestamp_ms: number; width: number; height: number; storage_key: string }>(
    'SELECT frame_index, timestamp_ms, width, height, storage_key FROM frames WHERE pipeline_run_id = $1 ORDER BY frame_index',
    [pipelineRunId],
  );
  return buildManifest(
    plan,
    frames.rows.map((r) => ({ index: r.frame_index, timestampMs: r.timestamp_ms, width: r.width, height: r.height, key: r.storage_key })),
  );
}

/** The run's whole-video signal, when its extraction measured one. */
export async function loadVideoSignal(pool: pg.Pool, pipelineRunId: string): Promise<VideoSignal | null> {
  const r = await pool.query<{ signal: VideoSignal }>('SELECT signal FROM video_signals WHERE pipeline_run_id = $1', [pipelineRunId]);
  return r.rows[0]?.signal ?? null;
}
