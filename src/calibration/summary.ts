import { EVAL_KINDS, type EvalKind } from '../domain/types';
import type { Configuration } from './configurations';
import type { JudgedRun } from './judged';
import type { LabelledSet } from './labelled-set';
import { disagreements, figures, type Disagreement, type Figures, type LabelledEntry } from './metrics';
import { percent, textTable } from '../text-table';

/**
 * What `evals calibrate` reports: per configuration, overall and per kind, the
 * figures against the labels, the animations the configurations disagree on,
 * and whether the thresholds hold. The same object is printed as a table,
 * written as JSON and drawn as the HTML page.
 */

export interface ConfigurationFigures {
  name: string;
  hash: string;
  settings: Record<string, string>;
  versions: Configuration['versions'];
  /** The judges its runs were scored by (`provider/model`). */
  judges: string[];
  overall: Figures;
  kinds: Partial<Record<EvalKind, Figures>>;
  /** The pipeline run that judged each animation, by key (`set/id`). */
  runs: Record<string, string>;
}

export interface CalibrationReport {
  sets: { name: string; file: string | null; animations: number; clean: number; expected: number }[];
  /** The labelled animations, keyed `set/id`. */
  entries: (LabelledEntry & { set: string; id: string })[];
  configurations: ConfigurationFigures[];
  disagreements: Disagreement[];
  thresholds: { minRecall: number | null; maxFalse: number | null; failures: string[] };
}

export const entryKey = (set: Pick<LabelledSet, 'name'>, id: string) => `${set.name}/${id}`;

export function labelledEntries(sets: readonly LabelledSet[]): CalibrationReport['entries'] {
  return sets.flatMap((set) =>
    set.animations.map((a) => ({
      key: entryKey(set, a.id),
      set: set.name,
      id: a.id,
      expect: a.expect,
      toleranceSeconds: set.toleranceSeconds,
      countFrom: set.countFrom,
    })),
  );
}

export function calibrationReport(
  sets: readonly LabelledSet[],
  results: readonly { configuration: Configuration; judged: ReadonlyMap<string, JudgedRun> }[],
  thresholds: { minRecall: number | null; maxFalse: number | null },
): CalibrationReport {
  const entries = labelledEntries(sets);
  const configurations = results.map(({ configuration, judged }): ConfigurationFigures => {
    const judgedKinds = EVAL_KINDS.filter(
      (k) =>
        entries.some((e) => e.expect.some((x) => x.kind === k)) ||
        [...judged.values()].some((j) => ['PASS', 'FAIL', 'ERROR'].includes(j.statuses[k] ?? '')),
    );
    return {
      name: configuration.name,
      hash: configuration.hash,
      settings: configuration.settings,
      versions: configuration.versions,
      judges: [
        ...new Set([...judged.values()].flatMap((j) => j.run.evalRuns.filter((r) => r.provider).map((r) => `${r.provider}/${r.model}`))),
      ].sort(),
      overall: figures(entries, judged, null),
      kinds: Object.fromEntries(judgedKinds.map((k) => [k, figures(entries, judged, k)])),
      runs: Object.fromEntries([...judged].map(([key, j]) => [key, j.run.id])),
    };
  });
  const failures: string[] = [];
  for (const c of configurations) {
    if (thresholds.minRecall !== null && (c.overall.recall ?? 0) < thresholds.minRecall) {
      failures.push(`${c.name}: recall ${percent(c.overall.recall)} is below --min-recall ${percent(thresholds.minRecall)}`);
    }
    if (thresholds.maxFalse !== null && c.overall.falseOnClean > thresholds.maxFalse) {
      failures.push(`${c.name}: ${c.overall.falseOnClean} false findings on clean animations, over --max-false ${thresholds.maxFalse}`);
    }
  }
  return {
    sets: sets.map((s) => ({
      name: s.name,
      file: s.file,
      animations: s.animations.length,
      clean: s.animations.filter((a) => a.expect.length === 0).length,
      expected: s.animations.reduce((n, a) => n + a.expect.length, 0),
    })),
    entries,
    configurations,
    disagreements: disagreements(
      entries,
      results.map((r) => r.judged),
    ),
    thresholds: { ...thresholds, failures },
  };
}

const seconds = (ms: number | null) => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} s`);
const dollars = (usd: number | null) => (usd === null ? '-' : `$${usd.toFixed(usd < 0.01 ? 5 : 4)}`);
const kappa = (f: Figures) => {
  const n = f.passFail.bothFail + f.passFail.bothPass + f.passFail.judgeOnlyFails + f.passFail.labelOnlyFails;
  return `${f.kappa === null ? '-' : f.kappa.toFixed(2)} (n=${n})`;
};

/** The rows of one section of the table: a metric per row, a configuration per column. */
export const FIGURE_ROWS: [label: string, cell: (f: Figures) => string][] = [
  ['recall (found in time)', (f) => (f.expected === 0 ? '-' : `${f.found}/${f.expected} ${percent(f.recall)}`)],
  ['false findings on clean', (f) => `${f.falseOnClean} on ${f.cleanAnimations}`],
  [
    'precision',
    (f) => (f.trueFindings + f.falseFindings === 0 ? '-' : `${f.trueFindings}/${f.trueFindings + f.falseFindings} ${percent(f.precision)}`),
  ],
  ['median time error', (f) => seconds(f.medianTimeErrorMs)],
  ["Cohen's kappa, pass/fail", kappa],
  ['kinds ended ERROR', (f) => String(f.errors)],
  ['cost per animation', (f) => dollars(f.costPerAnimationUsd)],
  ['latency (median)', (f) => seconds(f.medianLatencyMs)],
];

/** A disagreement's cell for one configuration: its verdict, what it found, its false findings. */
export function outcomeCell(o: Disagreement['outcomes'][number]): string {
  const parts = [o.status ?? '-'];
  if (o.found.length) parts.push(`found ${o.found.join(', ')}`);
  if (o.falseFindings.length) parts.push(`false ${[...new Set(o.falseFindings.map((i) => i.category))].join(', ')}`);
  return parts.join(' · ');
}

/** The report as the terminal shows it. */
export function formatCalibration(report: CalibrationReport): string {
  const names = report.configurations.map((c) => c.name);
  const clean = report.sets.reduce((n, s) => n + s.clean, 0);
  const expected = report.sets.reduce((n, s) => n + s.expected, 0);
  const out = [
    `${report.sets.map((s) => s.name).join(', ')}: ${report.entries.length} animations, ${clean} clean, ${expected} expected issues`,
    '',
    textTable([
      ['', ...names],
      ['judge', ...report.configurations.map((c) => c.judges.join(', ') || '-')],
      ...FIGURE_ROWS.map(([label, cell]) => [label, ...report.configurations.map((c) => cell(c.overall))]),
    ]),
  ];
  for (const kind of EVAL_KINDS) {
    if (!report.configurations.some((c) => c.kinds[kind])) continue;
    out.push(
      '',
      textTable([
        [kind, ...names],
        ...FIGURE_ROWS.map(([label, cell]) => [label, ...report.configurations.map((c) => (c.kinds[kind] ? cell(c.kinds[kind]) : '-'))]),
      ]),
    );
  }
  if (report.configurations.length > 1) {
    out.push(
      '',
      `The configurations disagree on ${report.disagreements.length} animation ${report.disagreements.length === 1 ? 'kind' : 'kinds'}${report.disagreements.length ? ':' : '.'}`,
    );
    if (report.disagreements.length) {
      out.push(
        textTable([
          ['animation', 'kind', 'labels', ...names],
          ...report.disagreements.map((d) => [d.key, d.kind, d.labelled ?? 'either', ...d.outcomes.map(outcomeCell)]),
        ]),
      );
    }
  }
  if (report.thresholds.failures.length) out.push('', ...report.thresholds.failures.map((f) => `threshold not met: ${f}`));
  else if (report.thresholds.minRecall !== null || report.thresholds.maxFalse !== null) out.push('', 'thresholds met');
  return out.join('\n');
}
