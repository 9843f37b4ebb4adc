import type pg from 'pg';
import sharp from 'sharp';
import { EVAL_KINDS } from '../domain/types';
import { formatTimestamp } from '../media/manifest';
import { getFrames, getIssueRegions, getPipelineRun, type StoredFrame } from '../read-model/read-model';
import { esc } from '../report/html';
import { pins, STYLE, type PinnedIssue } from '../report/report';
import type { LabelledAnimation } from './labelled-set';
import { FIGURE_ROWS, outcomeCell, type CalibrationReport } from './summary';

/**
 * `evals calibrate --html`: the figures side by side, then every disagreement
 * between configurations shown on its frames: for each configuration, the
 * frames its issues of that kind are pinned on, or, when it reported none,
 * the frame where the labels expect one. One self-contained file.
 */

/** Frames are shown small: a page holds many. */
const IMAGE_WIDTH = 360;
/** Frames per configuration and disagreement. */
const FRAMES_SHOWN = 2;

function figuresTable(
  report: CalibrationReport,
  title: string,
  pick: (c: CalibrationReport['configurations'][number]) => Parameters<(typeof FIGURE_ROWS)[number][1]>[0] | undefined,
): string {
  const head = `<tr><th>${esc(title)}</th>${report.configurations.map((c) => `<th>${esc(c.name)}</th>`).join('')}</tr>`;
  const rows = FIGURE_ROWS.map(
    ([label, cell]) =>
      `<tr><td>${esc(label)}</td>${report.configurations.map((c) => `<td>${esc(pick(c) ? cell(pick(c)!) : '-')}</td>`).join('')}</tr>`,
  );
  return `<table class="kinds">${head}${rows.join('')}</table>`;
}

async function inline(frame: StoredFrame): Promise<string> {
  const jpeg = await sharp(frame.jpeg).resize({ width: IMAGE_WIDTH, withoutEnlargement: true }).jpeg({ quality: 72 }).toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

export async function calibrationPage(
  pool: pg.Pool,
  report: CalibrationReport,
  animations: readonly { key: string; labels: LabelledAnimation }[],
): Promise<string> {
  const labelsOf = new Map(animations.map((a) => [a.key, a.labels]));
  // A run shows in several disagreements (one per kind): read it once.
  const runs = new Map<
    string,
    Promise<{
      response: Awaited<ReturnType<typeof getPipelineRun>>;
      frames: StoredFrame[];
      regions: Awaited<ReturnType<typeof getIssueRegions>>;
    }>
  >();
  const read = (runId: string) => {
    if (!runs.has(runId))
      runs.set(
        runId,
        Promise.all([getPipelineRun(pool, runId, { includeIssues: true }), getFrames(pool, runId), getIssueRegions(pool, runId)]).then(
          ([response, frames, regions]) => ({ response, frames, regions }),
        ),
      );
    return runs.get(runId)!;
  };
  let numbered = 0;
  const sections: string[] = [];
  for (const d of report.disagreements) {
    const labels = labelsOf.get(d.key)!;
    const expected = labels.expect.filter((e) => e.kind === d.kind || e.alsoAs.some((k) => k.kind === d.kind));
    const expectation = expected.length
      ? expected
          .map(
            (e) =>
              `${esc(e.name ?? e.categories.join('/'))}${e.window ? ` ${formatTimestamp(e.window[0] * 1000)}–${formatTimestamp(e.window[1] * 1000)}` : ''}`,
          )
          .join('; ')
      : 'nothing';
    const columns = await Promise.all(
      report.configurations.map(async (c, ci) => {
        const runId = c.runs[d.key];
        const { response, frames, regions } = runId ? await read(runId) : { response: null, frames: [], regions: new Map() };
        const issues = response?.evalPipelineRun.evalRuns.find((r) => r.kind === d.kind)?.issues ?? [];
        const pinned: PinnedIssue[] = issues.map((i) => ({ ...i, kind: d.kind, number: ++numbered }));
        // The frames its issues sit on; with none, the frame nearest where the labels expect one.
        let shown = [...new Set(pinned.map((i) => i.frameIndex).filter((f): f is number => f !== null))].slice(0, FRAMES_SHOWN);
        const window = expected.find((e) => e.window)?.window;
        if (shown.length === 0 && window && frames.length) {
          const at = window[0] * 1000;
          shown = [frames.reduce((best, f) => (Math.abs(f.timestampMs - at) < Math.abs(best.timestampMs - at) ? f : best)).index];
        }
        const figures = await Promise.all(
          shown.map(async (index) => {
            const frame = frames.find((f) => f.index === index);
            if (!frame) return '';
            const own = pinned.filter((i) => i.frameIndex === index);
            const caption = own.length
              ? `Frame ${index} · ${formatTimestamp(frame.timestampMs)}`
              : `Frame ${index} · ${formatTimestamp(frame.timestampMs)} · the labels expect ${esc(expected.find((e) => e.window)!.categories.join('/'))} here`;
            return `<figure class="${own.length ? 'flagged' : 'expected'}"><div class="shot"><img src="${await inline(frame)}" alt="frame ${index}">${pins(own, regions)}</div><figcaption>${caption}</figcaption></figure>`;
          }),
        );
        const list = pinned.length
          ? `<ol class="found">${pinned.map((i) => `<li id="issue-${i.number}" value="${i.number}"><span class="badge sev-${i.severity}">${esc(i.severity)}</span> ${esc(i.category)} · ${esc(i.frameHint ?? '-')}: ${esc(i.description)}</li>`).join('')}</ol>`
          : '<p class="muted">No issue of this kind.</p>';
        return `<div class="config"><h4>${esc(c.name)} · <span class="badge ${esc(d.outcomes[ci].status ?? '')}">${esc(d.outcomes[ci].status ?? '-')}</span></h4><p class="muted">${esc(outcomeCell(d.outcomes[ci]))}</p>${figures.join('')}${list}</div>`;
      }),
    );
    sections.push(
      `<section class="disagreement"><h3>${esc(d.key)} · ${esc(d.kind)}</h3><p class="meta">The labels: ${esc(d.labelled ?? 'either verdict')}; expected: ${expectation}${labels.note ? ` · ${esc(labels.note)}` : ''}</p><div class="configs">${columns.join('')}</div></section>`,
    );
  }
  const sets = report.sets
    .map((s) => `${esc(s.name)} (${s.animations} animations, ${s.clean} clean, ${s.expected} expected issues)`)
    .join(', ');
  const settings = report.configurations
    .map(
      (c) =>
        `<li><strong>${esc(c.name)}</strong>: ${
          Object.entries(c.settings)
            .map(([k, v]) => `<code>${esc(k)}=${esc(v)}</code>`)
            .join(' ') || 'the environment'
        } · ${esc(c.judges.join(', ') || '-')}</li>`,
    )
    .join('');
  const thresholds = report.thresholds.failures.length
    ? `<p class="notice error">${report.thresholds.failures.map(esc).join('<br>')}</p>`
    : report.thresholds.minRecall !== null || report.thresholds.maxFalse !== null
      ? '<p class="notice">Thresholds met.</p>'
      : '';
  const kinds = EVAL_KINDS.filter((k) => report.configurations.some((c) => c.kinds[k]));
  const byLabel = report.disagreements.filter((d) => d.labelled !== null).length;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Calibration · ${esc(report.configurations.map((c) => c.name).join(' vs '))}</title>
<style>${STYLE}${PAGE_STYLE}</style></head>
<body>
<header><h1>Calibration</h1><p class="meta">Sets: ${sets}</p><ul class="settings">${settings}</ul>${thresholds}</header>
<section><h2>Figures</h2>${figuresTable(report, 'overall', (c) => c.overall)}${kinds.map((k) => figuresTable(report, k, (c) => c.kinds[k])).join('')}</section>
<section><h2>Where the configurations disagree</h2><p class="muted">${report.disagreements.length} animation kinds${report.disagreements.length ? ` (${byLabel} with a labelled verdict)` : ''}; each configuration's issues of the kind are pinned on their frames, and where it reported none, the frame where the labels expect one is shown.</p>${sections.join('\n') || '<p class="muted">None.</p>'}</section>
<footer>Made by evals calibrate from the stored pipeline runs.</footer>
</body></html>
`;
}

const PAGE_STYLE = `
.settings{color:var(--muted);padding-left:18px}.kinds{margin-bottom:14px}.kinds td:first-child{white-space:nowrap}
.disagreement{border-top:1px solid var(--line);padding-top:8px;margin-top:18px;break-inside:avoid}.disagreement h3{font-size:15px;margin:4px 0}
.configs{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:12px}.config{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:8px}
.config h4{margin:0 0 4px;font-size:14px}.config figure{margin:6px 0}figure.expected{border-style:dashed;border-color:var(--low)}
ol.found{padding-left:22px;margin:6px 0;font-size:12px}
`;
