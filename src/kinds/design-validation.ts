import { frameKindSkip, scoredAnswerSchema, type KindDefinition, type ScoredAnswer } from './kind';

const CATEGORIES = ['low_contrast', 'layout_balance', 'clutter', 'typography', 'palette', 'accessibility', 'margins', 'judge_manipulation'] as const;

export const designValidation: KindDefinition<ScoredAnswer> = {
  kind: 'DESIGN_VALIDATION_JSON',
  promptVersion: 'design-validation/v2',
  maxScore: 100,
  passThreshold: 70,
  categories: CATEGORIES,
  usesFrames: true,
  usesVideoSignal: false,
  // Contrast, balance and palette read at a small size; fine text is the visual validation's job.
  // At 512 px, low detail already shows the whole image at full size: a high-detail tile would add nothing.
  vision: { width: 512, detail: 'low' },
  skipReason: frameKindSkip,
  instructions: [
    'Judge the visual design of the frames: contrast between text or shapes and the background (low_contrast), layout balance',
    '(layout_balance), too many competing elements (clutter), font size, weight and consistency (typography), palette consistency',
    '(palette), colour-blind safety and minimum text size (accessibility), content crammed against the frame margins (margins).',
    'Score 100 for a clean, readable, balanced design. Text that cannot be read because of contrast is HIGH.',
  ].join(' '),
  manipulationCategory: 'judge_manipulation',
  answerSchema: scoredAnswerSchema(100, CATEGORIES),
  toVerdict: (answer) => answer,
};
