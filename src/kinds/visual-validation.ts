import { frameKindSkip, scoredAnswerSchema, type KindDefinition, type ScoredAnswer } from './kind';

const CATEGORIES = [
  'blank_frame',
  'clipped_content',
  'off_screen',
  'overlap',
  'unreadable_text',
  'artifact',
  'flashing',
  'judge_manipulation',
] as const;

export const visualValidation: KindDefinition<ScoredAnswer> = {
  kind: 'VISUAL_VALIDATION_JSON',
  promptVersion: 'visual-validation/v4',
  maxScore: 100,
  passThreshold: 70,
  categories: CATEGORIES,
  usesFrames: true,
  usesVideoSignal: true,
  skipReason: frameKindSkip,
  instructions: [
    'Find rendering defects in the frames: blank or near-uniform frames (blank_frame), objects cut by the frame edge (clipped_content)',
    'or entirely outside it (off_screen), elements drawn over each other so that either is hard to read (overlap), text or formulas too small,',
    'blurred or garbled to read (unreadable_text), compression or rendering artifacts (artifact), and abrupt full-frame brightness changes',
    'between consecutive frames (flashing).',
    'Score 100 for a clean render and subtract for each defect by how much it hurts. A defect that makes the animation unusable',
    '(blank video, the main content off-screen, flashing) is HIGH; a defect a viewer notices but can work around is MEDIUM.',
    'Point each defect at the frame where it is most visible.',
  ].join(' '),
  manipulationCategory: 'judge_manipulation',
  answerSchema: (frameIndices) => scoredAnswerSchema(100, CATEGORIES, frameIndices),
  toVerdict: (answer) => answer,
};
