import { ENGAGEMENT_CRITERIA } from '../../kinds/engagement-rubric';
import { blankStretches } from '../blank';
import { frameNear, seconds } from '../context';
import { thumbnailChange } from '../frame-measures';
import { cutsPerMinute, DURATION_RANGE_MS, durationIssues, pacingIssues, stillIssues, stillStretches } from '../motion';
import { criterion, points, rubricVerdictOf, share, type LocalScorer } from './scorer';

/**
 * ENGAGEMENT_RUBRIC_JSON: pacing (unchanged share, fast cutting), progression
 * (sampled frames that differ from the previous one), focus (clutter), structure
 * (blank share), length; issues for still stretches, pacing and length.
 */
export const scoreEngagementRubric: LocalScorer = ({ ctx }) => {
  const max = (name: string) => criterion(ENGAGEMENT_CRITERIA, name);
  const blanks = blankStretches(ctx);
  const stills = stillStretches(ctx, blanks);
  const near = frameNear(ctx);
  const pacing = pacingIssues(ctx, near);
  const issues = [...stillIssues(ctx, stills, near), ...pacing, ...durationIssues(ctx.durationMs)];
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
