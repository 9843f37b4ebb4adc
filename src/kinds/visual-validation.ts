import { frameKindSkip, scoredAnswerSchema, type KindDefinition, type ScoredAnswer } from './kind';

const CATEGORIES = ['blank_frame', 'clipped_content', 'off_screen', 'overlap', 'unreadable_text', 'artifact', 'flashing', 'judge_manipulation'] as const;

export const visualValidation: KindDefinition<ScoredAnswer> = {
  kind: 'VISUAL_VALIDATION_JSON',
  promptVersion: 'visual-validation/v1',
  maxScore: 100,
  passThreshold: 70,
  categories: CATEGORIES,
  usesFrames: true,
  skipReason: frameKindSkip,
  instructions: [
    'Find rendering defects in the frames: blank or near-uniform frames, objects clipped by or outside the frame edge,',
    'overlapping elements, unreadable text, compression or rendering artifacts, flashing. Score 100 for a clean render.',
    'A defect that makes the animation unusable (blank video, main content off-screen, flashing) is HIGH.',
  ].join(' '),
  answerSchema: scoredAnswerSchema(CATEGORIES),
  toVerdict: (answer) => answer,
};
