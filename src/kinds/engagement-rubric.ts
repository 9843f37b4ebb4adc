import { blankStretches } from '../analyzers/blank';
import { frameNear, seconds } from '../analyzers/context';
import { thumbnailChange } from '../analyzers/frame-measures';
import {
  cutsPerMinute,
  DURATION_RANGE_MS,
  durationIssues,
  pacingIssues,
  stillIssues,
  stillStretches,
  withoutPlaying,
} from '../analyzers/motion';
import { readingIssues } from '../analyzers/reading';
import { criterion, points, rubricVerdictOf, share, type LocalScorer } from '../analyzers/scoring';
import { rubricInstructions, rubricKind, type Criterion, type KindDefinition, type RubricAnswer } from './kind';

export const ENGAGEMENT_CRITERIA = [
  { name: 'pacing', maxScore: 20, describes: 'new content arrives at a pace a learner can follow, neither rushed nor static' },
  { name: 'progression', maxScore: 20, describes: 'each step builds on the previous one toward the result' },
  { name: 'focus', maxScore: 20, describes: 'the viewer knows where to look at every moment' },
  { name: 'structure', maxScore: 20, describes: 'clear introduction, development and conclusion matching the title' },
  { name: 'length', maxScore: 20, describes: 'duration fits the content (roughly 10 s to 3 min)' },
] as const satisfies readonly Criterion[];

const CATEGORIES = ['pacing', 'progression', 'focus', 'structure', 'length', 'static', 'judge_manipulation'] as const;

/**
 * ENGAGEMENT_RUBRIC_JSON: pacing (unchanged share, fast cutting, text shown too
 * briefly to read), progression (sampled frames that differ from the previous
 * one), focus (clutter), structure (blank share), length; issues for still
 * stretches, pacing and length. With the recorded scene, a stretch in which an
 * animation plays is not a freeze (a formula transformed in place changes few
 * pixels), nor is the time a viewer needs to read a text just shown, and the
 * scene's reading-time findings count as pacing.
 */
const scoreEngagementRubric: LocalScorer = ({ ctx, scene }) => {
  const max = (name: string) => criterion(ENGAGEMENT_CRITERIA, name);
  const blanks = blankStretches(ctx);
  const stills = scene ? withoutPlaying(stillStretches(ctx, blanks), [...scene.playing, ...scene.reading]) : stillStretches(ctx, blanks);
  const near = frameNear(ctx);
  // Reading time: exact from the scene's timeline when it is known, else what the sampled frames can tell.
  const reading = scene ? scene.findings.filter((i) => i.category === 'pacing') : readingIssues(ctx, near);
  const pacing = [...pacingIssues(ctx, near), ...reading];
  const issues = [
    ...stillIssues(ctx, stills, near),
    ...pacing,
    ...durationIssues(ctx.durationMs),
    ...(scene?.findings.filter((i) => i.category !== 'pacing') ?? []),
  ];
  const duration = Math.max(ctx.durationMs, 1);
  const stillShare = stills.filter((s) => s.endMs - s.startMs >= 3_000).reduce((sum, s) => sum + s.endMs - s.startMs, 0) / duration;
  const blankShare = blanks.reduce((sum, b) => sum + b.endMs - b.startMs, 0) / duration;
  const rate = cutsPerMinute(ctx.signal, ctx.durationMs);
  const pairs = ctx.frames.slice(1).map((f, i) => thumbnailChange(ctx.frames[i], f));
  const changing = pairs.length ? pairs.filter((c) => c > 0).length / pairs.length : 0;
  const { short, idealMin, idealMax } = DURATION_RANGE_MS;
  const d = ctx.durationMs;
  const scores = {
    pacing: points(max('pacing'), 1 - stillShare - (pacing.length > 0 ? 0.4 : 0)),
    progression: points(max('progression'), changing / 0.6),
    focus: points(
      max('focus'),
      1 - 0.6 * share(ctx, (f) => f.coverage > 0.5 && f.background !== null) - (ctx.frames.every((f) => f.background === null) ? 0.2 : 0),
    ),
    structure: points(max('structure'), 1 - Math.min(1, 2 * blankShare)),
    length: points(max('length'), d < short ? 0.3 : d < idealMin ? 0.7 : d <= idealMax ? 1 : d <= 2 * idealMax ? 0.7 : 0.4),
  };
  const why = [
    `${seconds(d)} long`,
    ctx.signal ? `${rate.toFixed(0)} scene changes per minute` : '',
    stillShare > 0 ? `${Math.round(stillShare * 100)}% unchanged` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return rubricVerdictOf(ENGAGEMENT_CRITERIA, scores, issues, `${why}.`);
};

export const engagementRubric = {
  kind: 'ENGAGEMENT_RUBRIC_JSON',
  promptVersion: 'engagement-rubric/v5',
  passThreshold: 60,
  ...rubricKind(ENGAGEMENT_CRITERIA, CATEGORIES),
  readsScene: true,
  instructions: [
    'Judge how engaging the animation is as a piece of teaching, using the frame timestamps, the duration, the title and the description.',
    'Score each criterion with a short reason, then report the issues that cost points (category = the criterion, or static for',
    'stretches where nothing changes):',
    rubricInstructions(ENGAGEMENT_CRITERIA),
    'Text or a formula that leaves the screen or changes before a viewer can read it is a pacing issue (MEDIUM): reading takes',
    'about 1 s per 17 characters of text, a formula about twice as long per symbol, and anything at least 1 s; use the frame',
    'timestamps to tell how long each text stays unchanged. What is still on screen when the video ends is not too short.',
  ].join('\n'),
  localScorer: scoreEngagementRubric,
} satisfies KindDefinition<RubricAnswer>;
