import { setTimeout as sleep } from 'node:timers/promises';
import { Context } from '@temporalio/activity';
import type pg from 'pg';
import type { Config } from '../src/config';
import { scrubJson, secretScrubber, secretsOf } from '../src/secrets';
import { untilDatabaseAnswers } from '../src/db/outage';
import * as store from '../src/db/store';
import { identifierProblem } from '../src/domain/text-limits';
import { infrastructureComponentOf, PermanentError, toActivityFailure, withFailureMapping } from '../src/errors';
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
import { inspectScene } from '../src/scene/inspector';
import type { SceneSource } from '../src/fragments/scene-sources';

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

export interface InspectSceneInput {
  pipelineRunId: string;
  /** The fragment's Python sources (CLI `--source`, or the fragment's files); null: it has none. */
  sources: SceneSource[] | null;
  /** The Scene subclass to run; null: the only one, or the one whose timeline matches the video. */
  scene: string | null;
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

/** A judge's validated answer, carried in the activity's heartbeat until it is stored. */
interface HeldJudgement {
  kind: EvalKind;
  judgement: Judgement;
  latencyMs: number;
}

/**
 * Heartbeats while `fn` runs, so a crashed worker is noticed and cancellation
 * reaches the activity. `beat(details)` records details at once and every
 * later heartbeat repeats them: progress, or answers not yet stored.
 */
async function heartbeating<T>(fn: (beat: (details: unknown) => void, signal: AbortSignal) => Promise<T>): Promise<T> {
  const ctx = Context.current();
  // Until this attempt says otherwise, its heartbeats carry what the last attempt's did (answers not yet stored).
  let details: unknown = ctx.info.heartbeatDetails;
  const timer = setInterval(() => ctx.heartbeat(details), HEARTBEAT_MS);
  const beat = (next: unknown) => {
    details = next;
    ctx.heartbeat(details);
  };
  try {
    return await fn(beat, ctx.cancellationSignal);
  } finally {
    clearInterval(timer);
  }
}

/** Answers an earlier attempt of this activity got from the judge and could not store (its last heartbeat). */
function heldJudgements(): Map<EvalKind, HeldJudgement> {
  const details = Context.current().info.heartbeatDetails as { held?: HeldJudgement[] } | undefined;
  return new Map((details?.held ?? []).map((h) => [h.kind, h]));
}

export function createActivities(deps: ActivityDeps) {
  const { pool, frameStore, provider, config } = deps;
  // Whatever a judge endpoint or an error says is scrubbed of the configured secrets before it is stored or returned.
  const scrub = secretScrubber(secretsOf(config));
  const mapFailures = <T>(fn: () => Promise<T>) => withFailureMapping(fn, scrub);
  const judge = async (request: JudgeRequest): Promise<Judgement> => scrubJson(await provider.judge(request), scrub);
  /** A query that waits out a database outage (EVALS_DATABASE_OUTAGE_SECONDS) rather than losing the work in hand. */
  const db = <T>(query: () => Promise<T>, signal?: AbortSignal) => untilDatabaseAnswers(query, config.database.outageMs, signal);
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
    const scene = definition.usesFrames ? ((await store.loadSceneInspection(pool, input.pipelineRunId))?.timeline ?? null) : null;
    return { definition, input: kindInput, frames, manifest: input.manifest, videoSignal, scene, pipelineRun: { id: input.pipelineRunId, secret } };
  }

  const prefixLeader = enabledKinds.find((kind) => KINDS[kind].usesFrames);

  /**
   * Per-kind mode with a judge whose endpoint caches prompts: the frame kinds after the first wait until
   * it is answered, so the prefix their requests share (rules, fenced frames) is
   * in the endpoint's prompt cache; requests sent at the same moment all miss it.
   * Bounded by one request deadline: a slow or failing first kind costs the
   * others that much latency, never their result.
   */
  async function awaitPrefixLeader(input: ScoreEvalRunInput, signal: AbortSignal): Promise<void> {
    if (!provider.cachesPromptPrefix || !KINDS[input.kind].usesFrames || !prefixLeader || input.kind === prefixLeader) return;
    const until = Date.now() + config.judge.timeoutMs;
    while (Date.now() < until) {
      if (isTerminal((await db(() => store.getEvalRun(pool, input.pipelineRunId, prefixLeader), signal)).status)) return;
      await sleep(PREFIX_POLL_MS, undefined, { signal });
    }
  }

  /** An eval run that could not be scored: ERROR, never FAIL; the summary blames the judge only when it was the judge. */
  async function recordJudgeError(pipelineRunId: string, kind: EvalKind, reason: string, failureType?: string): Promise<TerminalEvalRunStatus> {
    const definition = KINDS[kind];
    const run = await store.getEvalRun(pool, pipelineRunId, kind);
    const cause = infrastructureComponentOf(failureType) === 'database' ? 'Database unavailable' : 'Judge error';
    return store.finishEvalRun(pool, run.id, {
      status: 'ERROR',
      score: null,
      maxScore: definition.maxScore,
      summary: `${cause}: ${scrub(reason)}`,
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
      // Runs started before the workflow checked its input (INPUT_CHECK_PATCH) reach here unchecked: they fail at once rather than retrying a write PostgreSQL refuses.
      const ids: [string, string | null][] = [['fragment id', input.fragmentId], ['project id', input.projectId], ['user id', input.userId], ['render job id', input.renderJobId]];
      const problem = ids.map(([what, value]) => (typeof value === 'string' ? identifierProblem(what, value) : value !== null && `${what} is missing`)).find(Boolean);
      if (problem) throw toActivityFailure(new PermanentError('bad-input', problem));
      const ref = await store.createPipelineRun(pool, {
        ...input,
        temporalRunId: execution.runId,
        executionName: execution.workflowId,
        temporalNamespace: Context.current().info.workflowNamespace,
        temporalClusterId: deps.temporalClusterId ?? null,
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
      return mapFailures(() =>
        heartbeating(async (beat, cancel) => {
          const extracted = await db(() => store.loadManifest(pool, input.pipelineRunId), cancel);
          if (extracted) return extracted;
          // An earlier attempt may have died with its worker: its download must not stay on the disk.
          if (Context.current().info.attempt > 1) await removeStaleScratch(deps.workDir, config.media);
          const options = { media: config.media, allowLocalFiles: deps.allowLocalFiles, workDir: deps.workDir, withSignal };
          const { plan, frames, signal } = await extract(input.animationUrl, deps.mediaTools, options, (phase, done, total) => beat({ phase, done, total }), cancel);
          const stored = frames.map((frame) => ({ ...frame, key: `${input.pipelineRunId}/${frame.index}.jpg` }));
          for (const frame of stored) await db(() => frameStore.put(input.pipelineRunId, frame.key, frame.jpeg), cancel);
          const manifest = buildManifest(plan, stored);
          await db(() => store.saveFrames(pool, input.pipelineRunId, { animationUrl: input.animationUrl, manifest, plan, signal }), cancel);
          deps.log.info({ pipelineRunId: input.pipelineRunId, strategy: plan.strategy, frames: frames.length, sceneFrames: plan.scenePicks.length }, 'frames extracted');
          return manifest;
        }),
      );
    },

    /**
     * Runs the fragment's Manim source in its sandbox against the extracted
     * video and stores what it recorded for the frame kinds' judges. What the
     * source does never fails the activity: the outcome is a note on the run
     * (then the layout is judged from pixels). A retry finds the stored outcome.
     */
    async inspectScene(input: InspectSceneInput): Promise<{ status: store.StoredSceneInspection['status']; note: string }> {
      return mapFailures(() =>
        heartbeating(async (_beat, cancel) => {
          const stored = await db(() => store.loadSceneInspection(pool, input.pipelineRunId), cancel);
          if (stored) return { status: stored.status, note: stored.note };
          const manifest = await db(() => store.loadManifest(pool, input.pipelineRunId), cancel);
          if (!manifest) throw new Error('inspectScene runs after extractFrames: the run has no frames yet');
          const video = { width: manifest.width, height: manifest.height, fps: manifest.fps ?? 0, durationMs: manifest.durationMs };
          const frames = await Promise.all(manifest.frames.map(async (f) => ({ ...f, jpeg: await db(() => frameStore.get(f.key), cancel) })));
          const outcome = video.fps > 0
            ? await inspectScene(input.sources, input.scene, video, frames, config.scene, cancel)
            : { status: 'skipped' as const, note: "the video's frame rate is unknown: layout judged from pixels" };
          const inspected = outcome.status === 'inspected' ? outcome : null;
          // The note may quote the scene's own exception: scrubbed like every text the service stores.
          const note = scrub(outcome.note);
          await db(
            () =>
              store.saveSceneInspection(pool, input.pipelineRunId, {
                status: outcome.status,
                note,
                timeline: inspected ? scrubJson(inspected.timeline, scrub) : null,
                wallMs: 'wallMs' in outcome ? (outcome.wallMs ?? null) : null,
                cpuSeconds: inspected?.cpuSeconds ?? null,
              }),
            cancel,
          );
          deps.log.info({ pipelineRunId: input.pipelineRunId, status: outcome.status, note }, 'scene inspected');
          return { status: outcome.status, note };
        }),
      );
    },

    /**
     * Judges one kind. The validated answer is heartbeated before it is stored,
     * and its write waits out a database outage: a retry (after the outage
     * limit, or on another worker) applies the held answer without asking again.
     */
    async scoreEvalRun(input: ScoreEvalRunInput): Promise<{ kind: EvalKind; status: TerminalEvalRunStatus }> {
      return mapFailures(() =>
        heartbeating(async (beat, signal) => {
          const run = await db(() => store.getEvalRun(pool, input.pipelineRunId, input.kind), signal);
          if (isTerminal(run.status)) return { kind: input.kind, status: run.status };
          const request = await db(async () => judgeRequestOf(input, await store.judgeSecret(pool, input.pipelineRunId)), signal);
          if (typeof request === 'string') return { kind: input.kind, status: await db(() => skip(run.id, KINDS[input.kind], request), signal) };

          let held = heldJudgements().get(input.kind);
          if (!held) {
            await db(() => store.markEvalRunRunning(pool, run.id, provider.name, provider.modelFor(request.definition)), signal);
            const started = Date.now();
            await awaitPrefixLeader(input, signal);
            held = { kind: input.kind, judgement: await judge({ ...request, signal }), latencyMs: Date.now() - started };
            beat({ held: [held] });
          }
          const { judgement, latencyMs } = held;
          const { status, score } = await db(() => recordVerdict(run.id, request, judgement, latencyMs), signal);
          deps.log.info({ pipelineRunId: input.pipelineRunId, kind: input.kind, status, score }, 'eval run finished');
          return { kind: input.kind, status };
        }),
      );
    },

    /**
     * Combined mode: the frame kinds answered by shared requests (one per model),
     * the other kinds alone, all at once. Each kind keeps its own eval run; an
     * invalid answer part ends only its kind in ERROR. Kinds already terminal (a
     * retry) are not asked again; a failed request fails the activity after the
     * other kinds' results are stored.
     */
    async scoreEvalRuns(input: ScoreEvalRunsInput): Promise<{ kind: EvalKind; status: TerminalEvalRunStatus }[]> {
      return mapFailures(() =>
        heartbeating(async (beat, signal) => {
          const secret = await db(() => store.judgeSecret(pool, input.pipelineRunId), signal);
          const outcomes = new Map<EvalKind, TerminalEvalRunStatus>();
          const pending: { runId: string; request: Omit<JudgeRequest, 'signal'> }[] = [];
          for (const kind of input.kinds) {
            const run = await db(() => store.getEvalRun(pool, input.pipelineRunId, kind), signal);
            if (isTerminal(run.status)) {
              outcomes.set(kind, run.status);
              continue;
            }
            const request = await db(() => judgeRequestOf({ ...input, kind }, secret), signal);
            if (typeof request === 'string') outcomes.set(kind, await db(() => skip(run.id, KINDS[kind], request), signal));
            else pending.push({ runId: run.id, request });
          }
          /** Stores one kind's answer, or its ERROR; an answer stays in the heartbeat until stored. */
          const record = async ({ runId, request }: (typeof pending)[number], answer: HeldJudgement | Error) => {
            const kind = request.definition.kind;
            const status = answer instanceof Error
              ? await db(() => recordJudgeError(input.pipelineRunId, kind, answer.message), signal)
              : (await db(() => recordVerdict(runId, request, answer.judgement, answer.latencyMs), signal)).status;
            outcomes.set(kind, status);
            deps.log.info({ pipelineRunId: input.pipelineRunId, kind, status }, 'eval run finished');
          };
          const held = heldJudgements();
          for (const p of pending.filter((p) => held.has(p.request.definition.kind))) await record(p, held.get(p.request.definition.kind)!);
          const toAsk = pending.filter((p) => !held.has(p.request.definition.kind));
          for (const { runId, request } of toAsk) await db(() => store.markEvalRunRunning(pool, runId, provider.name, provider.modelFor(request.definition)), signal);

          const started = Date.now();
          const groups = [toAsk.filter((p) => p.request.definition.usesFrames), toAsk.filter((p) => !p.request.definition.usesFrames)].filter((g) => g.length > 0);
          const settled = await Promise.allSettled(
            groups.map(async (group) => {
              const requests = group.map((p) => ({ ...p.request, signal }));
              const judged = group.length > 1 && provider.judgeTogether ? scrubJudged(await provider.judgeTogether(requests)) : await judgeEach(requests);
              for (const [kind, answer] of judged) if (!(answer instanceof Error)) held.set(kind, { kind, judgement: answer, latencyMs: Date.now() - started });
              beat({ held: [...held.values()] });
              for (const p of group) {
                const answer = judged.get(p.request.definition.kind)!;
                await record(p, answer instanceof Error ? answer : held.get(p.request.definition.kind)!);
              }
            }),
          );
          const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
          if (failed) throw failed.reason;
          return input.kinds.map((kind) => ({ kind, status: outcomes.get(kind)! }));
        }),
      );
    },

    /** Records a kind that could not be scored (its activity's failure type says whether the judge or the database): ERROR, never FAIL. */
    async failEvalRun(input: { pipelineRunId: string; kind: EvalKind; reason: string; failureType?: string }): Promise<void> {
      await recordJudgeError(input.pipelineRunId, input.kind, input.reason, input.failureType);
    },

    async finishPipelineRun(input: { pipelineRunId: string; error: string | null; notes?: string[] }): Promise<store.PipelineOutcome> {
      const outcome = await store.finishPipelineRun(pool, input.pipelineRunId, input.error && scrub(input.error), input.notes?.map(scrub));
      deps.log.info({ pipelineRunId: input.pipelineRunId, status: outcome.status, overallStatus: outcome.overallStatus }, 'pipeline run finished');
      return outcome;
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
