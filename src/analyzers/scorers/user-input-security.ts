import { scoreFromIssues } from '../context';
import { securityIssues } from '../security';
import type { LocalScorer } from './scorer';

/** USER_INPUT_SECURITY: the injection and sandbox rules over the user's message. */
export const scoreUserInputSecurity: LocalScorer = ({ input }, maxScore) => {
  const issues = securityIssues(input.userInput ?? '');
  return {
    score: scoreFromIssues(issues, maxScore),
    summary:
      issues.length === 0
        ? 'A plain request: no injection, code-execution, file, network or secret patterns found.'
        : `${issues.length} risky pattern(s): ${[...new Set(issues.map((i) => i.category))].join(', ')}.`,
    issues,
  };
};
