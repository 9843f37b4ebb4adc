import type { EvalKind, IssueDraft, Verdict } from '../kinds';
import { sameIssueKey } from '../domain/judgement';
import { SEVERITY_RANK as RANK } from '../domain/types';
import { sceneIssues } from '../scene/judge';
import { localJudgement } from './local';
import type { JudgeProvider, JudgeRequest, Judgement } from './provider';

export const LOCAL_CHECK_PREFIX = 'Local pre-check: ';
export const SCENE_CHECK_PREFIX = 'Scene check: ';

/**
 * The local analyzers' findings added to another judge's verdict: exact, cheap
 * checks (flashing over every frame, blank stretches, injection rules) that an
 * LLM looking at sampled frames can miss. The judge's score stands. Findings of
 * the same category on the same frame are one issue, kept at its highest
 * severity: a local finding the judge reported at least as severely is dropped,
 * one the judge reported less severely replaces the judge's, so a judge can
 * never lower a local HIGH (which still fails the run).
 */
export function mergeLocalFindings(judged: Verdict, local: Verdict): Verdict {
  const judgeRank = highestRank(judged.issues);
  const localRank = highestRank(local.issues);
  // Where the local checks saw an issue more severely than the judge, the local findings stand for it.
  const outranked = new Set([...localRank].filter(([key, rank]) => judgeRank.has(key) && rank > judgeRank.get(key)!).map(([key]) => key));
  const added: IssueDraft[] = local.issues
    .filter((i) => {
      const key = sameIssueKey(i);
      return !judgeRank.has(key) || (outranked.has(key) && RANK[i.severity] > judgeRank.get(key)!);
    })
    .map((i) => ({ ...i, description: `${i.origin === 'scene' ? SCENE_CHECK_PREFIX : LOCAL_CHECK_PREFIX}${i.description}` }));
  if (added.length === 0) return judged;
  const kept = judged.issues.filter((i) => !outranked.has(sameIssueKey(i)));
  const replaced = judged.issues.length - kept.length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const replacing = replaced > 0 ? `, replacing ${plural(replaced, 'less severe finding')} of the judge` : '';
  const summary = `${judged.summary.trim()} Local pre-checks added ${plural(added.length, 'finding')}${replacing}.`.trim();
  return { score: judged.score, summary, issues: [...kept, ...added] };
}

/** The highest severity rank reported for each issue key. */
function highestRank(issues: readonly IssueDraft[]): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const issue of issues) {
    const key = sameIssueKey(issue);
    ranks.set(key, Math.max(ranks.get(key) ?? -1, RANK[issue.severity]));
  }
  return ranks;
}

/** The local findings merged into one judgement; a pre-check that breaks must not cost the judge's verdict, so it says it did not run. */
function merged(judgement: Judgement, local: Verdict | Error): Judgement {
  if (local instanceof Error) {
    return {
      ...judgement,
      verdict: { ...judgement.verdict, summary: `${judgement.verdict.summary.trim()} Local pre-checks failed: ${local.message}.` },
    };
  }
  return { ...judgement, verdict: mergeLocalFindings(judgement.verdict, local) };
}

/**
 * The checks merged into an LLM judge's verdicts: the pixel analyzers (with the
 * scene as the authority on layout) when `pixels` is on (EVALS_LOCAL_PRECHECKS),
 * and always the scene's own findings and the screening of the user's message
 * (a kind shown no frames): they read the source and the text, not guesses from pixels.
 */
function checksOf(request: JudgeRequest, pixels: boolean): Promise<Verdict | Error> {
  const { definition, scene, manifest } = request;
  if (pixels || !definition.usesFrames) return localJudgement(request).catch((err: Error) => err);
  const issues = scene ? sceneIssues(definition.kind, scene, manifest) : [];
  return Promise.resolve({ score: 0, summary: '', issues });
}

/** Runs the local checks beside `provider` on every eval run and merges their findings. */
export function withLocalChecks(provider: JudgeProvider, opts: { pixels: boolean }): JudgeProvider {
  const together = provider.judgeTogether?.bind(provider);
  return {
    name: provider.name,
    cachesPromptPrefix: provider.cachesPromptPrefix,
    modelFor: (definition) => provider.modelFor(definition),
    async judge(request: JudgeRequest): Promise<Judgement> {
      const [judgement, local] = await Promise.all([provider.judge(request), checksOf(request, opts.pixels)]);
      return merged(judgement, local);
    },
    ...(together && {
      async judgeTogether(requests: readonly JudgeRequest[]) {
        const [byKind, locals] = await Promise.all([together(requests), Promise.all(requests.map((r) => checksOf(r, opts.pixels)))]);
        return new Map(
          requests.map((request, i): [EvalKind, Judgement | Error] => {
            const judgement = byKind.get(request.definition.kind)!;
            return [request.definition.kind, judgement instanceof Error ? judgement : merged(judgement, locals[i])];
          }),
        );
      },
    }),
  };
}
