import path from 'node:path';
import type pg from 'pg';
import { calibratedAnimations } from '../db/calibration';
import { getPipelineRun, issueTimes } from '../read-model/read-model';
import { animationUrlOf, getRunReviews, reviewedRunIds } from '../read-model/reviews';
import type { ExpectedIssue, LabelledAnimation, LabelledSet } from './labelled-set';

/**
 * `evals labels export`: reviewed runs as a labelled set. A run is exported
 * once a reviewer finished it ("Done"); by finishing, the reviewer says the
 * issues they did not mark wrong are right and the ones they added are all
 * the judge missed. With several reviewers, an issue a majority of those who
 * finished marked wrong is left out. Each expected issue is placed at its
 * frame's time (a window of one instant; the set's tolerance widens it).
 */

export interface ExportedSet {
  set: Omit<LabelledSet, 'file'>;
  /** Runs reviewed but left out, and why. */
  skipped: string[];
}

const seconds = (ms: number) => Math.round(ms) / 1000;

export async function reviewedSet(pool: pg.Pool, opts: { name: string; since: Date | null; exportedAt?: Date }): Promise<ExportedSet> {
  const runIds = await reviewedRunIds(pool, opts.since);
  const calibrated = await calibratedAnimations(pool, runIds);
  const animations: LabelledAnimation[] = [];
  const skipped: string[] = [];
  const ids = new Set<string>();
  for (const runId of runIds) {
    const [response, reviews, url, times] = await Promise.all([
      getPipelineRun(pool, runId, { includeIssues: true }),
      getRunReviews(pool, runId),
      animationUrlOf(pool, runId),
      issueTimes(pool, runId),
    ]);
    const inputs = calibrated.get(runId) ?? (url ? { animation: url, scene: null, userInput: null, title: null, description: null } : null);
    if (!response || !inputs) {
      skipped.push(`${runId}: where its animation came from was not recorded (a run made before this version)`);
      continue;
    }
    const finished = reviews.completed.map((c) => c.reviewer);
    const expect: ExpectedIssue[] = [];
    const seen = new Set<string>();
    const add = (issue: ExpectedIssue) => {
      const key = JSON.stringify([issue.kind, issue.categories, issue.window]);
      if (!seen.has(key)) expect.push(issue);
      seen.add(key);
    };
    for (const run of response.evalPipelineRun.evalRuns) {
      for (const issue of run.issues ?? []) {
        const wrong = reviews.verdicts.filter(
          (v) => v.issueId === issue.id && v.verdict === 'wrong' && finished.includes(v.reviewer),
        ).length;
        if (wrong * 2 > finished.length) continue;
        const atMs = times.get(issue.id) ?? null;
        add({
          kind: run.kind,
          categories: [issue.category],
          alsoAs: [],
          window: atMs === null ? null : [seconds(atMs), seconds(atMs)],
          minSeverity: 'LOW',
          name: null,
          line: null,
          note: `the judge's ${issue.severity} issue, kept by the reviewers: ${issue.description.slice(0, 160)}`,
        });
      }
    }
    for (const m of reviews.missed.filter((m) => finished.includes(m.reviewer))) {
      add({
        kind: m.kind,
        categories: [m.category],
        alsoAs: [],
        window: [seconds(m.timestampMs), seconds(m.timestampMs)],
        minSeverity: 'LOW',
        line: null,
        name: null,
        note: `missed by the judge, added by ${m.reviewer} on frame ${m.frameIndex}`,
      });
    }
    const base = /^https?:\/\//i.test(inputs.animation)
      ? path.posix.basename(new URL(inputs.animation).pathname)
      : path.basename(inputs.animation);
    let id = `${base.replace(/\.[^.]*$/, '') || 'animation'}-${runId.slice(0, 8)}`;
    while (ids.has(id)) id = `${id}-${ids.size}`;
    ids.add(id);
    animations.push({ id, ...inputs, note: `pipeline run ${runId}, reviewed by ${finished.join(', ')}`, expect });
  }
  const when = (opts.exportedAt ?? new Date()).toISOString().slice(0, 10);
  return {
    set: {
      name: opts.name,
      note: `Exported from reviews by evals labels export on ${when}${opts.since ? `, reviews finished since ${opts.since.toISOString()}` : ''}.`,
      toleranceSeconds: 1,
      countFrom: 'LOW',
      animations,
    },
    skipped,
  };
}
