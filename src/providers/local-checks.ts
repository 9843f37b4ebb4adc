import type { IssueDraft, Verdict } from '../kinds';
import { sameIssueKey } from '../kinds/kind';
import { localVerdict } from '../analyzers/scorers';
import type { JudgeProvider, JudgeRequest, Judgement } from './provider';

export const LOCAL_CHECK_PREFIX = 'Local pre-check: ';

/**
 * The local analyzers' findings added to another judge's verdict: exact, cheap
 * checks (flashing over every frame, blank stretches, injection rules) that an
 * LLM looking at sampled frames can miss. The judge's score stands; a local
 * finding of the same category on the same frame as one of the judge's is a
 * duplicate and is dropped, and a HIGH local finding still fails the run.
 */
export function mergeLocalFindings(judged: Verdict, local: Verdict): Verdict {
  const reported = new Set(judged.issues.map(sameIssueKey));
  const added: IssueDraft[] = local.issues
    .filter((i) => !reported.has(sameIssueKey(i)))
    .map((i) => ({ ...i, description: `${LOCAL_CHECK_PREFIX}${i.description}` }));
  if (added.length === 0) return judged;
  const summary = `${judged.summary.trim()} Local pre-checks added ${added.length} finding${added.length === 1 ? '' : 's'}.`.trim();
  return { score: judged.score, summary, issues: [...judged.issues, ...added] };
}

/** Runs the local analyzers beside `provider` on every eval run and merges their findings. */
export function withLocalChecks(provider: JudgeProvider): JudgeProvider {
  return {
    name: provider.name,
    modelFor: (definition) => provider.modelFor(definition),
    async judge(request: JudgeRequest): Promise<Judgement> {
      const [judgement, local] = await Promise.all([provider.judge(request), localVerdict(request).catch((err: Error) => err)]);
      if (local instanceof Error) {
        // A pre-check that breaks must not cost the judge's verdict; say it did not run.
        return { ...judgement, verdict: { ...judgement.verdict, summary: `${judgement.verdict.summary.trim()} Local pre-checks failed: ${local.message}.` } };
      }
      return { ...judgement, verdict: mergeLocalFindings(judgement.verdict, local) };
    },
  };
}
