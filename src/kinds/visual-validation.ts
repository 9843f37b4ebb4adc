import { blankIssues, blankStretches } from '../analyzers/blank';
import { frameNear } from '../analyzers/context';
import { edgeIssues } from '../analyzers/edges';
import { flashingIssues } from '../analyzers/flashing';
import { overlapIssues, smallTextIssues } from '../analyzers/text';
import { validationVerdict, type LocalScorer } from '../analyzers/scoring';
import { frameKindSkip, scoredAnswerSchema, type KindDefinition, type ScoredAnswer } from './kind';

const CATEGORIES = [
  'blank_frame',
  'clipped_content',
  'off_screen',
  'overlap',
  'unreadable_text',
  'artifact',
  'flashing',
  'math_error',
  'judge_manipulation',
] as const;

const NO_SIGNAL = ' (No whole-video signal was measured: flashing, pacing and exact stretch times were not checked.)';

/** VISUAL_VALIDATION_JSON: blank stretches, content cut by the frame edge, text drawn over things, text too small, flashing. */
const scoreVisualValidation: LocalScorer = ({ ctx }, maxScore) => {
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

export const visualValidation = {
  kind: 'VISUAL_VALIDATION_JSON',
  promptVersion: 'visual-validation/v5',
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
    'Read every formula and equation shown and check its mathematics: a false statement, a wrong derivative, integral or',
    'identity, or a derivation step that does not follow from the one before it (math_error) teaches something false and is HIGH;',
    'say what is wrong and what it should read. Notation you cannot read for certain, definitions and equations to be solved are not errors.',
    'Score 100 for a clean render and subtract for each defect by how much it hurts. A defect that makes the animation unusable',
    '(blank video, the main content off-screen, flashing) is HIGH; a defect a viewer notices but can work around is MEDIUM.',
    'Point each defect at the frame where it is most visible.',
  ].join(' '),
  manipulationCategory: 'judge_manipulation',
  answerSchema: (frameIndices) => scoredAnswerSchema(100, CATEGORIES, frameIndices),
  toVerdict: (answer) => answer,
  localScorer: scoreVisualValidation,
} satisfies KindDefinition<ScoredAnswer>;
