import {
  criteriaTotal,
  frameKindSkip,
  rubricAnswerSchema,
  rubricInstructions,
  rubricVerdict,
  type Criterion,
  type KindDefinition,
  type RubricAnswer,
} from './kind';

export const VISUAL_CRITERIA = [
  { name: 'clarity', maxScore: 25, describes: 'each frame shows clearly what it is about; text and formulas are legible' },
  { name: 'composition', maxScore: 25, describes: 'elements are placed with balance and breathing room' },
  { name: 'contrast', maxScore: 25, describes: 'foreground stands out from background' },
  { name: 'consistency', maxScore: 25, describes: 'colours, fonts and styles stay consistent across frames' },
] as const satisfies readonly Criterion[];

const CATEGORIES = ['clarity', 'composition', 'contrast', 'consistency', 'judge_manipulation'] as const;

export const visualRubric: KindDefinition<RubricAnswer> = {
  kind: 'VISUAL_RUBRIC_JSON',
  promptVersion: 'visual-rubric/v4',
  maxScore: criteriaTotal(VISUAL_CRITERIA),
  passThreshold: 60,
  categories: CATEGORIES,
  criteria: VISUAL_CRITERIA,
  usesFrames: true,
  usesVideoSignal: true,
  skipReason: frameKindSkip,
  instructions: [
    'Score the frames on each criterion of this rubric, giving a short reason per criterion, then report the issues that cost points',
    '(category = the criterion):',
    rubricInstructions(VISUAL_CRITERIA),
  ].join('\n'),
  manipulationCategory: 'judge_manipulation',
  answerSchema: (frameIndices) => rubricAnswerSchema(VISUAL_CRITERIA, CATEGORIES, frameIndices),
  toVerdict: (answer) => rubricVerdict(VISUAL_CRITERIA, answer),
};
