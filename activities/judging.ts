import { setTimeout as sleep } from 'node:timers/promises';
import { Context } from '@temporalio/activity';
import type { Config } from '../src/config';
import { finishEvalRun, getEvalRun, markEvalRunRunning } from '../src/db/eval-runs';
import { loadVideoSignal } from '../src/db/frame-manifests';
import { judgeSecret } from '../src/db/judge-secrets';
import { loadSceneInspection } from '../src/db/scene-inspections';
import { isTerminal, judgedStatus } from '../src/domain/status';
import type { TerminalEvalRunStatus } from '../src/domain/types';
import { PermanentError } from '../src/errors';
import { KINDS, type EvalKind, type KindDefinition, type KindInput } from '../src/kinds';
import { normalizeVerdict } from '../src/kinds/verdict';
import type { FrameStore } from '../src/media/frame-store';
import type { FrameManifest } from '../src/media/manifest';
import type { JudgeProvider, JudgeRequest, Judgement } from '../src/providers/provider';
import { scrubJson } from '../src/secrets';
import { enabledKindsOf, heartbeating, recordJudgeError, withCommon, type CommonDeps } from './common';

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

export interface JudgingDeps extends CommonDeps {
  frameStore: FrameStore;
  provider: JudgeProvider;
  config: CommonDeps['config'] & { judge: Pick<Config['judge'], 'disabledKinds' | 'timeoutMs'> };
}

const PREFIX_POLL_MS = 250;

/** A judge's validated answer, carried in the activity's heartbeat until it is stored. */
interface HeldJudgement {
  kind: EvalKind;
  judgement: Judgement;
  latencyMs: number;
}

/** Answers an earlier attempt of this activity got from the judge and could not store (its last heartbeat). */
function heldJudgements(): Map<EvalKind, HeldJudgement> {
  const details = Context.current().info.heartbeatDetails as { held?: HeldJudgement[] } | undefined;
  return new Map((details?.held ?? []).map((h) => [h.kind, h]));
}

/** The judge pool's activities: each kind judged alone, or the frame kinds together (combined mode). */
export function judgingActivities(deps: JudgingDeps) {
  const { pool, frameStore, provider, config, scrub } = deps;
  const { mapFailures, db } = withCommon(deps);
  const judge = async (request: JudgeRequest): Promise<Judgement> => scrubJson(await provider.judge(request), scrub);
  const enabledKinds = enabledKindsOf(config.judge);

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
    const frames =
      definition.usesFrames && input.manifest
        ? await Promise.all(input.manifest.frames.map(async (f) => ({ ...f, jpeg: await frameStore.get(f.key) })))
        : [];
    const videoSignal = definition.usesVideoSignal ? await loadVideoSignal(pool, input.pipelineRunId) : null;
    const scene = definition.usesFrames ? ((await loadSceneInspection(pool, input.pipelineRunId))?.timeline ?? null) : null;
    return {
      definition,
      input: kindInput,
      frames,
      manifest: input.manifest,
      videoSignal,
      scene,
      pipelineRun: { id: input.pipelineRunId, secret },
    };
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
      if (isTerminal((await db(() => getEvalRun(pool, input.pipelineRunId, prefixLeader), signal)).status)) return;
      await sleep(PREFIX_POLL_MS, undefined, { signal });
    }
  }

  /** Each kind judged alone, for providers without combined calls; a kind's permanent failure ends only that kind. */
  async function judgeEach(requests: readonly JudgeRequest[]): Promise<Map<EvalKind, Judgement | Error>> {
    const judged = await Promise.all(
      requests.map(
        async (r): Promise<[EvalKind, Judgement | Error]> => [
          r.definition.kind,
          await judge(r).catch((err) => (err instanceof PermanentError ? err : Promise.reject(err))),
        ],
      ),
    );
    return new Map(judged);
  }

  function scrubJudged(judged: Map<EvalKind, Judgement | Error>): Map<EvalKind, Judgement | Error> {
    return new Map(
      [...judged].map(([kind, j]) => [kind, j instanceof Error ? Object.assign(j, { message: scrub(j.message) }) : scrubJson(j, scrub)]),
    );
  }

  function skip(evalRunId: string, definition: KindDefinition, reason: string): Promise<TerminalEvalRunStatus> {
    return finishEvalRun(pool, evalRunId, {
      status: 'SKIPPED',
      score: null,
      maxScore: definition.maxScore,
      summary: `Skipped: ${reason}.`,
      provider: null,
      model: null,
      promptVersion: null,
      issues: [],
    });
  }

  /** The judge's verdict, normalised and mapped to a status, stored once. */
  async function recordVerdict(
    evalRunId: string,
    request: Omit<JudgeRequest, 'signal'>,
    judgement: Judgement,
    latencyMs: number,
  ): Promise<{ status: TerminalEvalRunStatus; score: number }> {
    const { definition } = request;
    const verdict = normalizeVerdict(definition, judgement.verdict, request.manifest);
    const status = await finishEvalRun(pool, evalRunId, {
      status: judgedStatus(
        verdict.score,
        definition.passThreshold,
        verdict.issues.map((i) => i.severity),
      ),
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
     * Judges one kind. The validated answer is heartbeated before it is stored,
     * and its write waits out a database outage: a retry (after the outage
     * limit, or on another worker) applies the held answer without asking again.
     */
    async scoreEvalRun(input: ScoreEvalRunInput): Promise<{ kind: EvalKind; status: TerminalEvalRunStatus }> {
      return mapFailures(() =>
        heartbeating(async (beat, signal) => {
          const run = await db(() => getEvalRun(pool, input.pipelineRunId, input.kind), signal);
          if (isTerminal(run.status)) return { kind: input.kind, status: run.status };
          const request = await db(async () => judgeRequestOf(input, await judgeSecret(pool, input.pipelineRunId)), signal);
          if (typeof request === 'string')
            return { kind: input.kind, status: await db(() => skip(run.id, KINDS[input.kind], request), signal) };

          let held = heldJudgements().get(input.kind);
          if (!held) {
            await db(() => markEvalRunRunning(pool, run.id, provider.name, provider.modelFor(request.definition)), signal);
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
          const secret = await db(() => judgeSecret(pool, input.pipelineRunId), signal);
          const outcomes = new Map<EvalKind, TerminalEvalRunStatus>();
          const pending: { runId: string; request: Omit<JudgeRequest, 'signal'> }[] = [];
          for (const kind of input.kinds) {
            const run = await db(() => getEvalRun(pool, input.pipelineRunId, kind), signal);
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
            const status =
              answer instanceof Error
                ? await db(() => recordJudgeError(pool, scrub, input.pipelineRunId, kind, answer.message), signal)
                : (await db(() => recordVerdict(runId, request, answer.judgement, answer.latencyMs), signal)).status;
            outcomes.set(kind, status);
            deps.log.info({ pipelineRunId: input.pipelineRunId, kind, status }, 'eval run finished');
          };
          const held = heldJudgements();
          for (const p of pending.filter((p) => held.has(p.request.definition.kind))) await record(p, held.get(p.request.definition.kind)!);
          const toAsk = pending.filter((p) => !held.has(p.request.definition.kind));
          for (const { runId, request } of toAsk)
            await db(() => markEvalRunRunning(pool, runId, provider.name, provider.modelFor(request.definition)), signal);

          const started = Date.now();
          const groups = [
            toAsk.filter((p) => p.request.definition.usesFrames),
            toAsk.filter((p) => !p.request.definition.usesFrames),
          ].filter((g) => g.length > 0);
          const settled = await Promise.allSettled(
            groups.map(async (group) => {
              const requests = group.map((p) => ({ ...p.request, signal }));
              const judged =
                group.length > 1 && provider.judgeTogether
                  ? scrubJudged(await provider.judgeTogether(requests))
                  : await judgeEach(requests);
              for (const [kind, answer] of judged)
                if (!(answer instanceof Error)) held.set(kind, { kind, judgement: answer, latencyMs: Date.now() - started });
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
  };
}
