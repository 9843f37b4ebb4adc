import { blankIssues, blankStretches } from '../blank';
import { frameNear } from '../context';
import { edgeIssues } from '../edges';
import { flashingIssues } from '../flashing';
import { overlapIssues, smallTextIssues } from '../text';
import { validationVerdict, type LocalScorer } from './scorer';

const NO_SIGNAL = ' (No whole-video signal was measured: flashing, pacing and exact stretch times were not checked.)';

/** VISUAL_VALIDATION_JSON: blank stretches, content cut by the frame edge, text drawn over things, text too small, flashing. */
export const scoreVisualValidation: LocalScorer = ({ ctx }, maxScore) => {
  const issues = [
    ...blankIssues(ctx, blankStretches(ctx)),
    ...edgeIssues(ctx),
    ...overlapIssues(ctx),
    ...smallTextIssues(ctx),
    ...flashingIssues(ctx.signal, frameNear(ctx)),
  ];
  const verdict = validationVerdict(issues, maxScore, 'No blank stretches, clipped content, overlaps, tiny text or flashing found.');
  return ctx.signal ? verdict : { ...verdict, summary: verdict.summary + NO_SIGNAL };
};
