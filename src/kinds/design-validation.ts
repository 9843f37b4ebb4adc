import { clutterIssues, contrastIssues, marginIssues } from '../analyzers/layout';
import { validationVerdict, type LocalScorer } from '../analyzers/scoring';
import { frameKindSkip, scoredAnswerSchema, type KindDefinition, type ScoredAnswer } from './kind';

const CATEGORIES = [
  'low_contrast',
  'layout_balance',
  'clutter',
  'typography',
  'palette',
  'accessibility',
  'margins',
  'judge_manipulation',
] as const;

/** DESIGN_VALIDATION_JSON: contrast, clutter, margins. */
const scoreDesignValidation: LocalScorer = ({ ctx }, maxScore) => {
  const issues = [...contrastIssues(ctx), ...clutterIssues(ctx), ...marginIssues(ctx)];
  return validationVerdict(issues, maxScore, 'Contrast, clutter and margins are fine.');
};

export const designValidation = {
  kind: 'DESIGN_VALIDATION_JSON',
  promptVersion: 'design-validation/v4',
  maxScore: 100,
  passThreshold: 70,
  categories: CATEGORIES,
  usesFrames: true,
  usesVideoSignal: false,
  skipReason: frameKindSkip,
  instructions: [
    'Judge the visual design of the frames: contrast between text or shapes and the background (low_contrast), layout balance',
    '(layout_balance), too many competing elements (clutter), font size, weight and consistency (typography), palette consistency',
    '(palette), colour-blind safety and minimum text size (accessibility), content crammed against the frame margins (margins).',
    'Score 100 for a clean, readable, balanced design. Text that cannot be read because of contrast is HIGH.',
  ].join(' '),
  manipulationCategory: 'judge_manipulation',
  answerSchema: (frameIndices) => scoredAnswerSchema(100, CATEGORIES, frameIndices),
  toVerdict: (answer) => answer,
  localScorer: scoreDesignValidation,
} satisfies KindDefinition<ScoredAnswer>;
