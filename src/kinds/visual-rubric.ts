import { flashingStretches } from '../analyzers/flashing';
import { itemsCutBy, SIDES } from '../analyzers/edges';
import { lowestContrast } from '../analyzers/layout';
import { criterion, points, rubricVerdictOf, share, type LocalScorer } from '../analyzers/scoring';
import { rubricInstructions, rubricKind, type Criterion, type KindDefinition, type RubricAnswer } from './kind';

export const VISUAL_CRITERIA = [
  { name: 'clarity', maxScore: 25, describes: 'each frame shows clearly what it is about; text and formulas are legible' },
  { name: 'composition', maxScore: 25, describes: 'elements are placed with balance and breathing room' },
  { name: 'contrast', maxScore: 25, describes: 'foreground stands out from background' },
  { name: 'consistency', maxScore: 25, describes: 'colours, fonts and styles stay consistent across frames' },
] as const satisfies readonly Criterion[];

const CATEGORIES = ['clarity', 'composition', 'contrast', 'consistency', 'judge_manipulation'] as const;

/**
 * VISUAL_RUBRIC_JSON: clarity (blank and low-contrast frames), composition
 * (edges, clutter), contrast (median ratio), consistency (background changes,
 * flashing). No issues: the validation kinds report the defects themselves.
 */
const scoreVisualRubric: LocalScorer = ({ ctx }) => {
  const max = (name: string) => criterion(VISUAL_CRITERIA, name);
  const blank = share(ctx, (f) => f.blank);
  const lowContrast = share(ctx, (f) => lowestContrast(f) !== null);
  // Each frame's text at its typical contrast: the median over its text lines.
  const contrasts = ctx.frames.flatMap((f) => {
    const text = f.items.flatMap((i) => (i.text ? [i.text.contrast] : [])).sort((a, b) => a - b);
    return text.length ? [text[Math.floor(text.length / 2)]] : [];
  });
  const medianContrast = contrasts.length ? [...contrasts].sort((a, b) => a - b)[Math.floor(contrasts.length / 2)] : null;
  const backgrounds = new Set(
    ctx.frames.filter((f) => f.background && !f.blank).map((f) => f.background!.colour.map((c) => c >> 5).join()),
  );
  const flashing = ctx.signal ? flashingStretches(ctx.signal) : [];
  const flashingPenalty = flashing.some((s) => s.severity === 'HIGH') ? 0.6 : flashing.length > 0 ? 0.3 : 0;
  const scores = {
    clarity: points(max('clarity'), 1 - blank - lowContrast / 2),
    composition: points(
      max('composition'),
      1 -
        0.5 * share(ctx, (f) => SIDES.some((side) => itemsCutBy(f, side).length > 0)) -
        0.3 * share(ctx, (f) => f.coverage > 0.5 && f.background !== null),
    ),
    // Unknown (no text on a plain background to measure) is neither praised nor punished.
    contrast:
      medianContrast === null
        ? points(max('contrast'), 0.8)
        : points(max('contrast'), medianContrast >= 7 ? 1 : medianContrast >= 4.5 ? 0.8 : medianContrast >= 3 ? 0.5 : 0.2),
    consistency: points(max('consistency'), 1 - (backgrounds.size > 2 ? 0.4 : 0) - flashingPenalty),
  };
  const why = [
    blank > 0 ? `${Math.round(blank * 100)}% of sampled frames are blank.` : '',
    medianContrast !== null ? `Typical contrast ${medianContrast.toFixed(1)}:1.` : '',
    flashingPenalty === 0.6
      ? 'The video flashes more than 3 times a second.'
      : flashingPenalty > 0
        ? 'The video keeps flashing 2-3 times a second.'
        : '',
  ]
    .filter(Boolean)
    .join(' ');
  return rubricVerdictOf(VISUAL_CRITERIA, scores, [], why);
};

export const visualRubric = {
  kind: 'VISUAL_RUBRIC_JSON',
  promptVersion: 'visual-rubric/v4',
  passThreshold: 60,
  ...rubricKind(VISUAL_CRITERIA, CATEGORIES),
  instructions: [
    'Score the frames on each criterion of this rubric, giving a short reason per criterion, then report the issues that cost points',
    '(category = the criterion):',
    rubricInstructions(VISUAL_CRITERIA),
  ].join('\n'),
  localScorer: scoreVisualRubric,
} satisfies KindDefinition<RubricAnswer>;
