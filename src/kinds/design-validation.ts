import { frameKindSkip, scoredAnswerSchema, type KindDefinition, type ScoredAnswer } from './kind';

const CATEGORIES = ['low_contrast', 'layout_balance', 'clutter', 'typography', 'palette', 'accessibility', 'margins', 'judge_manipulation'] as const;

export const designValidation: KindDefinition<ScoredAnswer> = {
  kind: 'DESIGN_VALIDATION_JSON',
  promptVersion: 'design-validation/v1',
  maxScore: 100,
  passThreshold: 70,
  categories: CATEGORIES,
  usesFrames: true,
  skipReason: frameKindSkip,
  instructions: [
    'Judge the visual design of the frames: contrast between text or shapes and the background, layout balance, clutter,',
    'typography, palette consistency, accessibility (colour-blind safety, text size), content crammed against margins.',
    'Score 100 for a clean, readable, balanced design. Text that cannot be read because of contrast is HIGH.',
  ].join(' '),
  answerSchema: scoredAnswerSchema(CATEGORIES),
  toVerdict: (answer) => answer,
};
