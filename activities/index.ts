import { setTimeout as sleep } from 'node:timers/promises';
import { Context } from '@temporalio/activity';
import type pg from 'pg';
import { scrubJson, secretScrubber, secretsOf, type Config } from '../src/config';
import * as store from '../src/db/store';
import { PermanentError, withFailureMapping } from '../src/errors';
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

/** Combined mode: the eval runs of `kinds`, the frame kinds answered by shared requests. */
export interface ScoreEvalRunsInput extends Omit<ScoreEvalRunInput, 'kind'> {
  kinds: EvalKind[];
}

/** The judge mode of a pipeline run: decided by the worker that created the run, recorded in its history. */
export interface CreatedPipelineRun extends store.PipelineRunRef {
  /** Absent: per-kind (and in every history recorded before combined mode existed). */
  judgeMode?: 'combined';
}

const HEARTBEAT_MS = 5_000;
const PREFIX_POLL_MS = 250;

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
  // Whatever a judge endpoint or an error says is scrubbed of the configured secrets before it is stored or returned.
  const scrub = secretScrubber(secretsOf(config));
  const mapFailures = <T>(fn: () => Promise<T>) => withFailureMapping(fn, scrub);
  const judge = async (request: JudgeRequest): Promise<Judgement> => scrubJson(await provider.judge(request), scrub);
  const enabledKinds = EVAL_KINDS.filter((kind) => !config.judge.disabledKinds.includes(kind));
  // The kinds' needs decide how frames are decoded: every frame once when an enabled kind is judged from the whole video.
  const withSignal = enabledKinds.some((kind) => KINDS[kind].usesVideoSignal);

  /** What a kind's judge is given, or why the kind does not apply (it is then SKIPPED). */
  async function judgeRequestOf(input: ScoreEvalRunInput, secret: string): Promise<Omit<JudgeRequest, 'signal'> | string> {
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
    return { definition, input: kindInput, frames, manifest: input.manifest, videoSignal, pipelineRun: { id: input.pipelineRunId, secret } };
  }

  const prefixLeader = enabledKinds.find((kind) => KINDS[kind].usesFrames);

  /**
   * Per-kind mode with an LLM judge: the frame kinds after the first wait until
   * it is answered, so the prefix their requests share (rules, fenced frames) is
   * in the endpoint's prompt cache; requests sent at the same moment all miss it.
   * Bounded by one request deadline: a slow or failing first kind costs the
   * others that much latency, never their result.
   */
  async function awaitPrefixLeader(input: ScoreEvalRunInput, signal: AbortSignal): Promise<void> {
    if (config.judge.provider !== 'openai' || !KINDS[input.kind].usesFrames || !prefixLeader || input.kind === prefixLeader) return;
    const until = Date.now() + config.judge.timeoutMs;
    while (Date.now() < until) {
      if (isTerminal((await store.getEvalRun(pool, input.pipelineRunId, prefixLeader)).status)) return;
      await sleep(PREFIX_POLL_MS, undefined, { signal });
    }
  }

  /** An eval run the judge could not score: ERROR, never FAIL. */
  async function recordJudgeError(pipelineRunId: string, kind: EvalKind, reason: string): Promise<TerminalEvalRunStatus> {
    const definition = KINDS[kind];
    const run = await store.getEvalRun(pool, pipelineRunId, kind);
    return store.finishEvalRun(pool, run.id, {
      status: 'ERROR',
      score: null,
      maxScore: definition.maxScore,
      summary: `Judge error: ${scrub(reason)}`,
      provider: null,
      model: null,
      promptVersion: definition.promptVersion,
      issues: [],
    });
  }

  /** Each kind judged alone, for providers without combined calls; a kind's permanent failure ends only that kind. */
  async function judgeEach(requests: readonly JudgeRequest[]): Promise<Map<EvalKind, Judgement | Error>> {
    const judged = await Promise.all(
      requests.map(async (r): Promise<[EvalKind, Judgement | Error]> => [r.definition.kind, await judge(r).catch((err) => (err instanceof PermanentError ? err : Promise.reject(err)))]),
    );
    return new Map(judged);
  }

  function scrubJudged(judged: Map<EvalKind, Judgement | Error>): Map<EvalKind, Judgement | Error> {
    return new Map([...judged].map(([kind, j]) => [kind, j instanceof Error ? Object.assign(j, { message: scrub(j.message) }) : scrubJson(j, scrub)]));
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
    /**
     * Creates the run's rows. EVALS_JUDGE_MODE is read here, in an activity: the
     * result is recorded in the history, so the workflow's choice of path replays
     * the same on any worker whatever its environment.
     */
    async createPipelineRun(input: CreatePipelineRunInput): Promise<CreatedPipelineRun> {
      const execution = Context.current().info.workflowExecution;
      if (!execution) throw new Error('createPipelineRun runs only inside a workflow');
      const ref = await store.createPipelineRun(pool, {
        ...input,
        temporalRunId: execution.runId,
        executionName: execution.workflowId,
      });
      return config.judge.mode === 'combined' ? { ...ref, judgeMode: 'combined' } : ref;
    },

    /** Reads the fragment through the REST interface; the workflow polls it until the animation is rendered. */
    async fetchFragment(fragmentId: string): Promise<FragmentSnapshot> {
      return mapFailures(() => fetchFragment(config.fragments, fragmentId, Context.current().cancellationSignal));
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
      return mapFailures(async () => {
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
      return mapFailures(async () => {
        const run = await store.getEvalRun(pool, input.pipelineRunId, input.kind);
        if (isTerminal(run.status)) return { kind: input.kind, status: run.status };
        const request = await judgeRequestOf(input, await store.judgeSecret(pool, input.pipelineRunId));
        if (typeof request === 'string') return { kind: input.kind, status: await skip(run.id, KINDS[input.kind], request) };

        await store.markEvalRunRunning(pool, run.id, provider.name, provider.modelFor(request.definition));
        const started = Date.now();
        const judgement = await heartbeating(async (signal) => {
          await awaitPrefixLeader(input, signal);
          return judge({ ...request, signal });
        });
        const { status, score } = await recordVerdict(run.id, request, judgement, Date.now() - started);
        deps.log.info({ pipelineRunId: input.pipelineRunId, kind: input.kind, status, score }, 'eval run finished');
        return { kind: input.kind, status };
      });
    },

    /**
     * Combined mode: the frame kinds answered by shared requests (one per model),
     * the other kinds alone, all at once. Each kind keeps its own eval run; an
     * invalid answer part ends only its kind in ERROR. Kinds already terminal (a
     * retry) are not asked again; a failed request fails the activity after the
     * other kinds' results are stored.
     */
    async scoreEvalRuns(input: ScoreEvalRunsInput): Promise<{ kind: EvalKind; status: TerminalEvalRunStatus }[]> {
      return mapFailures(async () => {
        const secret = await store.judgeSecret(pool, input.pipelineRunId);
        const outcomes = new Map<EvalKind, TerminalEvalRunStatus>();
        const pending: { runId: string; request: Omit<JudgeRequest, 'signal'> }[] = [];
        for (const kind of input.kinds) {
          const run = await store.getEvalRun(pool, input.pipelineRunId, kind);
          if (isTerminal(run.status)) {
            outcomes.set(kind, run.status);
            continue;
          }
          const request = await judgeRequestOf({ ...input, kind }, secret);
          if (typeof request === 'string') outcomes.set(kind, await skip(run.id, KINDS[kind], request));
          else pending.push({ runId: run.id, request });
        }
        for (const { runId, request } of pending) await store.markEvalRunRunning(pool, runId, provider.name, provider.modelFor(request.definition));

        const started = Date.now();
        const groups = [pending.filter((p) => p.request.definition.usesFrames), pending.filter((p) => !p.request.definition.usesFrames)].filter((g) => g.length > 0);
        const settled = await heartbeating((signal) =>
          Promise.allSettled(
            groups.map(async (group) => {
              const requests = group.map((p) => ({ ...p.request, signal }));
              const judged = group.length > 1 && provider.judgeTogether ? scrubJudged(await provider.judgeTogether(requests)) : await judgeEach(requests);
              for (const { runId, request } of group) {
                const judgement = judged.get(request.definition.kind)!;
                const kind = request.definition.kind;
                const status = judgement instanceof Error
                  ? await recordJudgeError(input.pipelineRunId, kind, judgement.message)
                  : (await recordVerdict(runId, request, judgement, Date.now() - started)).status;
                outcomes.set(kind, status);
                deps.log.info({ pipelineRunId: input.pipelineRunId, kind, status }, 'eval run finished');
              }
            }),
          ),
        );
        const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
        if (failed) throw failed.reason;
        return input.kinds.map((kind) => ({ kind, status: outcomes.get(kind)! }));
      });
    },

    /** Records a judge that could not produce a result: ERROR, never FAIL. */
    async failEvalRun(input: { pipelineRunId: string; kind: EvalKind; reason: string }): Promise<void> {
      await recordJudgeError(input.pipelineRunId, input.kind, input.reason);
    },

    async finishPipelineRun(input: { pipelineRunId: string; error: string | null; notes?: string[] }): Promise<store.PipelineOutcome> {
      const outcome = await store.finishPipelineRun(pool, input.pipelineRunId, input.error && scrub(input.error), input.notes?.map(scrub));
      deps.log.info({ pipelineRunId: input.pipelineRunId, status: outcome.status, overallStatus: outcome.overallStatus }, 'pipeline run finished');
      return outcome;
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
