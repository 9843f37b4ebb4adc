import { Context } from '@temporalio/activity';
import type pg from 'pg';
import type { Config } from '../src/config';
import * as store from '../src/db/store';
import { withFailureMapping } from '../src/errors';
import { fetchFragment, type FragmentSnapshot } from '../src/fragments/http-source';
import type { MediaTools } from '../src/infra/ffmpeg';
import type { Logger } from '../src/logger';
import { isTerminal, judgedStatus } from '../src/domain/status';
import { EVAL_KINDS, type TerminalEvalRunStatus } from '../src/domain/types';
import { KINDS, type EvalKind, type KindDefinition, type KindInput } from '../src/kinds';
import { normalizeVerdict } from '../src/kinds/verdict';
import { extractFrames as extract, removeStaleScratch } from '../src/media/extract';
import type { FrameStore } from '../src/media/frame-store';
import { buildManifest, type FrameManifest } from '../src/media/manifest';
import type { JudgeProvider, JudgeRequest, Judgement } from '../src/providers/provider';

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
}

export interface CreatePipelineRunInput {
  fragmentId: string;
  projectId: string;
  userId: string;
  renderJobId: string | null;
}

export interface ScoreEvalRunInput {
  pipelineRunId: string;
  kind: EvalKind;
  manifest: FrameManifest | null;
  userInput: string | null;
  title: string | null;
  description: string | null;
}

const HEARTBEAT_MS = 5_000;

/** Heartbeats while `fn` runs, so a crashed worker is noticed and cancellation reaches the activity. */
async function heartbeating<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ctx = Context.current();
  const timer = setInterval(() => ctx.heartbeat(), HEARTBEAT_MS);
  try {
    return await fn(ctx.cancellationSignal);
  } finally {
    clearInterval(timer);
  }
}

export function createActivities(deps: ActivityDeps) {
  const { pool, frameStore, provider, config } = deps;
  const enabledKinds = EVAL_KINDS.filter((kind) => !config.judge.disabledKinds.includes(kind));
  // The kinds' needs decide how frames are decoded: every frame once when an enabled kind is judged from the whole video.
  const withSignal = enabledKinds.some((kind) => KINDS[kind].usesVideoSignal);

  /** What a kind's judge is given, or why the kind does not apply (it is then SKIPPED). */
  async function judgeRequestOf(input: ScoreEvalRunInput): Promise<Omit<JudgeRequest, 'signal'> | string> {
    const definition = KINDS[input.kind];
    if (!enabledKinds.includes(input.kind)) return 'disabled by configuration';
    const kindInput: KindInput = {
      userInput: input.userInput,
      title: input.title,
      description: input.description,
      durationMs: input.manifest?.durationMs ?? null,
      frameCount: input.manifest?.frames.length ?? 0,
    };
    const skipReason = definition.skipReason(kindInput);
    if (skipReason) return skipReason;
    const frames = definition.usesFrames && input.manifest
      ? await Promise.all(input.manifest.frames.map(async (f) => ({ ...f, jpeg: await frameStore.get(f.key) })))
      : [];
    const videoSignal = definition.usesVideoSignal ? await store.loadVideoSignal(pool, input.pipelineRunId) : null;
    return { definition, input: kindInput, frames, manifest: input.manifest, videoSignal };
  }

  function skip(evalRunId: string, definition: KindDefinition, reason: string): Promise<TerminalEvalRunStatus> {
    return store.finishEvalRun(pool, evalRunId, { status: 'SKIPPED', score: null, maxScore: definition.maxScore, summary: `Skipped: ${reason}.`, provider: null, model: null, promptVersion: null, issues: [] });
  }

  /** The judge's verdict, normalised and mapped to a status, stored once. */
  async function recordVerdict(evalRunId: string, request: Omit<JudgeRequest, 'signal'>, judgement: Judgement, latencyMs: number): Promise<{ status: TerminalEvalRunStatus; score: number }> {
    const { definition } = request;
    const verdict = normalizeVerdict(definition, judgement.verdict, request.manifest);
    const status = await store.finishEvalRun(pool, evalRunId, {
      status: judgedStatus(verdict.score, definition.passThreshold, verdict.issues.map((i) => i.severity)),
      score: verdict.score,
      maxScore: definition.maxScore,
      summary: verdict.summary,
      provider: judgement.provider,
      model: judgement.model,
      promptVersion: definition.promptVersion,
      issues: verdict.issues,
      usage: judgement.usage && { ...judgement.usage, latencyMs },
    });
    return { status, score: verdict.score };
  }

  return {
    async createPipelineRun(input: CreatePipelineRunInput): Promise<store.PipelineRunRef> {
      const execution = Context.current().info.workflowExecution;
      if (!execution) throw new Error('createPipelineRun runs only inside a workflow');
      return store.createPipelineRun(pool, {
        ...input,
        temporalRunId: execution.runId,
        executionName: execution.workflowId,
      });
    },

    /** Reads the fragment through the REST interface; the workflow polls it until the animation is rendered. */
    async fetchFragment(fragmentId: string): Promise<FragmentSnapshot> {
      return withFailureMapping(() => fetchFragment(config.fragments, fragmentId, Context.current().cancellationSignal));
    },

    async markPipelineRunning(pipelineRunId: string): Promise<void> {
      await store.markPipelineRunning(pool, pipelineRunId);
    },

    /**
     * Extracts the run's frames once: downloads and decodes the video on this
     * worker, stores frames (and the whole-video signal) in PostgreSQL for every
     * worker of the fleet. A retry after success returns the stored manifest.
     */
    async extractFrames(input: { pipelineRunId: string; animationUrl: string }): Promise<FrameManifest> {
      return withFailureMapping(async () => {
        const extracted = await store.loadManifest(pool, input.pipelineRunId);
        if (extracted) return extracted;
        // An earlier attempt may have died with its worker: its download must not stay on the disk.
        if (Context.current().info.attempt > 1) await removeStaleScratch(deps.workDir, config.media);
        const options = { media: config.media, allowLocalFiles: deps.allowLocalFiles, workDir: deps.workDir, withSignal };
        const { plan, frames, signal } = await heartbeating((cancel) =>
          extract(input.animationUrl, deps.mediaTools, options, (phase, done, total) => Context.current().heartbeat({ phase, done, total }), cancel),
        );
        const stored = frames.map((frame) => ({ ...frame, key: `${input.pipelineRunId}/${frame.index}.jpg` }));
        for (const frame of stored) await frameStore.put(input.pipelineRunId, frame.key, frame.jpeg);
        const manifest = buildManifest(plan, stored);
        await store.saveFrames(pool, input.pipelineRunId, manifest, plan, signal);
        deps.log.info({ pipelineRunId: input.pipelineRunId, strategy: plan.strategy, frames: frames.length, sceneFrames: plan.scenePicks.length }, 'frames extracted');
        return manifest;
      });
    },

    async scoreEvalRun(input: ScoreEvalRunInput): Promise<{ kind: EvalKind; status: TerminalEvalRunStatus }> {
      return withFailureMapping(async () => {
        const run = await store.getEvalRun(pool, input.pipelineRunId, input.kind);
        if (isTerminal(run.status)) return { kind: input.kind, status: run.status };
        const request = await judgeRequestOf(input);
        if (typeof request === 'string') return { kind: input.kind, status: await skip(run.id, KINDS[input.kind], request) };

        await store.markEvalRunRunning(pool, run.id, provider.name, provider.modelFor(request.definition));
        const started = Date.now();
        const judgement = await heartbeating((signal) => provider.judge({ ...request, signal }));
        const { status, score } = await recordVerdict(run.id, request, judgement, Date.now() - started);
        deps.log.info({ pipelineRunId: input.pipelineRunId, kind: input.kind, status, score }, 'eval run finished');
        return { kind: input.kind, status };
      });
    },

    /** Records a judge that could not produce a result: ERROR, never FAIL. */
    async failEvalRun(input: { pipelineRunId: string; kind: EvalKind; reason: string }): Promise<void> {
      const definition = KINDS[input.kind];
      const run = await store.getEvalRun(pool, input.pipelineRunId, input.kind);
      await store.finishEvalRun(pool, run.id, {
        status: 'ERROR',
        score: null,
        maxScore: definition.maxScore,
        summary: `Judge error: ${input.reason}`,
        provider: null,
        model: null,
        promptVersion: definition.promptVersion,
        issues: [],
      });
    },

    async finishPipelineRun(input: { pipelineRunId: string; error: string | null; notes?: string[] }): Promise<store.PipelineOutcome> {
      const outcome = await store.finishPipelineRun(pool, input.pipelineRunId, input.error, input.notes);
      deps.log.info({ pipelineRunId: input.pipelineRunId, status: outcome.status, overallStatus: outcome.overallStatus }, 'pipeline run finished');
      return outcome;
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
