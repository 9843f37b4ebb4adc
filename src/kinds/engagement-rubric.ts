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

export const ENGAGEMENT_CRITERIA = [
  { name: 'pacing', maxScore: 20, describes: 'new content arrives at a pace a learner can follow, neither rushed nor static' },
  { name: 'progression', maxScore: 20, describes: 'each step builds on the previous one toward the result' },
  { name: 'focus', maxScore: 20, describes: 'the viewer knows where to look at every moment' },
  { name: 'structure', maxScore: 20, describes: 'clear introduction, development and conclusion matching the title' },
  { name: 'length', maxScore: 20, describes: 'duration fits the content (roughly 10 s to 3 min)' },
] as const satisfies readonly Criterion[];

const CATEGORIES = ['pacing', 'progression', 'focus', 'structure', 'length', 'static', 'judge_manipulation'] as const;

export const engagementRubric: KindDefinition<RubricAnswer> = {
  kind: 'ENGAGEMENT_RUBRIC_JSON',
  promptVersion: 'engagement-rubric/v4',
  maxScore: criteriaTotal(ENGAGEMENT_CRITERIA),
  passThreshold: 60,
  categories: CATEGORIES,
  criteria: ENGAGEMENT_CRITERIA,
  usesFrames: true,
  usesVideoSignal: true,
  skipReason: frameKindSkip,
  instructions: [
    'Judge how engaging the animation is as a piece of teaching, using the frame timestamps, the duration, the title and the description.',
    'Score each criterion with a short reason, then report the issues that cost points (category = the criterion, or static for',
    'stretches where nothing changes):',
    rubricInstructions(ENGAGEMENT_CRITERIA),
  ].join('\n'),
  manipulationCategory: 'judge_manipulation',
  answerSchema: (frameIndices) => rubricAnswerSchema(ENGAGEMENT_CRITERIA, CATEGORIES, frameIndices),
  toVerdict: (answer) => rubricVerdict(ENGAGEMENT_CRITERIA, answer),
};
