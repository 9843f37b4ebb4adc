import { clutterIssues, contrastIssues, marginIssues } from '../layout';
import { validationVerdict, type LocalScorer } from './scorer';

/** DESIGN_VALIDATION_JSON: contrast, clutter, margins. */
export const scoreDesignValidation: LocalScorer = ({ ctx }, maxScore) => {
  const issues = [...contrastIssues(ctx), ...clutterIssues(ctx), ...marginIssues(ctx)];
  return validationVerdict(issues, maxScore, 'Contrast, clutter and margins are fine.');
};
