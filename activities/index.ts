import type pg from 'pg';
import type { Config } from '../src/config';
import type { Pool } from '../src/domain/pools';
import type { MediaTools } from '../src/infra/ffmpeg';
import type { Logger } from '../src/logger';
import type { FrameStore } from '../src/media/frame-store';
import type { JudgeProvider } from '../src/providers/provider';
import { secretScrubber } from '../src/secrets';
import { judgingActivities } from './judging';
import { mediaActivities } from './media';
import { pipelineRunActivities } from './pipeline-run';
import { repairActivities } from './repair';

export interface ActivityDeps {
  pool: pg.Pool;
  frameStore: FrameStore;
  provider: JudgeProvider;
  mediaTools: MediaTools;
  config: Config;
  /** Local file paths as animation URLs: the CLI's in-process worker only. */
  allowLocalFiles: boolean;
  /** Where extraction keeps its temp files (one directory per call, removed when it ends). */
  workDir: string;
  log: Logger;
  /** The id of the Temporal cluster this worker polls (src/infra/temporal-identity.ts), recorded with each run; set by createWorker. */
  temporalClusterId?: string;
}

/**
 * The activities of each pool (src/domain/pools.ts), each role given only what
 * it uses: a pool's workers register its role's activities, and the workflow
 * schedules each on that pool's queue.
 */
export function createActivities(deps: ActivityDeps) {
  const { pool, frameStore, provider, mediaTools, config, allowLocalFiles, workDir, log, temporalClusterId } = deps;
  const scrub = secretScrubber(config.secrets);
  return {
    workflows: pipelineRunActivities({ pool, log, scrub, config, temporalClusterId }),
    media: {
      ...mediaActivities({ pool, log, scrub, config, frameStore, mediaTools, allowLocalFiles, workDir }),
      ...repairActivities({ pool, log, scrub, config }),
    },
    judge: judgingActivities({ pool, log, scrub, config, frameStore, provider }),
  } satisfies Record<Pool, object>;
}

type ByPool = ReturnType<typeof createActivities>;
export type Activities = ByPool['workflows'] & ByPool['media'] & ByPool['judge'];
export type { CreatedPipelineRun, CreatePipelineRunInput } from './pipeline-run';
export type { InspectSceneInput, InspectSceneResult } from './media';
export type { RepairSceneInput } from './repair';
export type { ScoreEvalRunInput, ScoreEvalRunsInput } from './judging';
