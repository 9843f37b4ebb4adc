import type pg from 'pg';
import type { SceneTimeline } from '../scene/inspection';
import { numericColumn } from './columns';

/** Whether and how a run's scene was inspected (src/scene/inspector.ts); the timeline only when it was. */
export interface StoredSceneInspection {
  status: 'inspected' | 'skipped' | 'refused' | 'failed' | 'discarded';
  note: string;
  timeline: SceneTimeline | null;
  wallMs: number | null;
  cpuSeconds: number | null;
}

/** Records the inspection once: a retried activity keeps the first. */
export async function saveSceneInspection(pool: pg.Pool, pipelineRunId: string, inspection: StoredSceneInspection): Promise<void> {
  await pool.query(
    `INSERT INTO scene_inspections (pipeline_run_id, status, note, timeline, wall_ms, cpu_seconds) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (pipeline_run_id) DO NOTHING`,
    [
      pipelineRunId,
      inspection.status,
      inspection.note,
      inspection.timeline ? JSON.stringify(inspection.timeline) : null,
      inspection.wallMs,
      inspection.cpuSeconds,
    ],
  );
}

export async function loadSceneInspection(pool: pg.Pool, pipelineRunId: string): Promise<StoredSceneInspection | null> {
  const r = await pool.query<{
    status: StoredSceneInspection['status'];
    note: string;
    timeline: SceneTimeline | null;
    wall_ms: number | null;
    cpu_seconds: string | null;
  }>('SELECT status, note, timeline, wall_ms, cpu_seconds FROM scene_inspections WHERE pipeline_run_id = $1', [pipelineRunId]);
  const row = r.rows[0];
  return row
    ? {
        status: row.status,
        note: row.note,
        timeline: row.timeline,
        wallMs: row.wall_ms,
        cpuSeconds: numericColumn(row.cpu_seconds),
      }
    : null;
}
