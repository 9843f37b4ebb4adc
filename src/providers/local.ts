import { setTimeout as sleep } from 'node:timers/promises';
import { LOCAL_MODEL, localVerdict } from '../analyzers/scoring';
import type { Verdict } from '../kinds';
import { SCENE_KINDS, sceneEvidence, sceneIssues, sceneOverPixels } from '../scene/judge';
import type { JudgeProvider, JudgeRequest, Judgement } from './provider';

/**
 * The local verdict of one eval run: the pixel analyzers, with the recorded
 * scene (when there is one) as the authority on layout.
 */
export async function localJudgement(request: JudgeRequest): Promise<Verdict> {
  const { definition, scene, manifest } = request;
  const readsScene = !!scene && definition.readsScene === true;
  const pixels = await localVerdict({ ...request, ...(readsScene && { sceneEvidence: sceneEvidence(definition.kind, scene, manifest) }) });
  const verdict = { ...pixels, issues: pixels.issues.map((i) => ({ ...i, origin: i.origin ?? ('pixels' as const) })) };
  if (!scene || readsScene || !SCENE_KINDS.has(definition.kind)) return verdict;
  return sceneOverPixels(verdict, sceneIssues(definition.kind, scene, manifest), scene, definition.maxScore, true);
}

/** The local judge: each kind's local scorer (its definition's `localScorer`, src/kinds/) and the scene's findings, no network. */
export class LocalProvider implements JudgeProvider {
  readonly name = 'local';

  /** `delayMs` (EVALS_LOCAL_JUDGE_DELAY_MS) is for tests and benches that need a judge of known latency. */
  constructor(private readonly delayMs = 0) {}

  modelFor(): string {
    return LOCAL_MODEL;
  }

  async judge(request: JudgeRequest): Promise<Judgement> {
    if (this.delayMs > 0) await sleep(this.delayMs, undefined, { signal: request.signal });
    return { provider: this.name, model: LOCAL_MODEL, verdict: await localJudgement(request) };
  }
}
