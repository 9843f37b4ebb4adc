import type pg from 'pg';
import sharp from 'sharp';
import { getRunFixes, type FindingRepairEntry } from '../read-model/fixes';
import { getRunReviews, type RunReviews } from '../read-model/reviews';
import {
  framesPrunedAt,
  getEvalRunCosts,
  getFrames,
  getIssueOrigins,
  getIssueRegions,
  getPipelineRun,
  type EvalRunCost,
  type StoredFrame,
} from '../read-model/read-model';
import type { EvalIssue, EvalPipelineRun } from '../read-model/schemas';
import { loadManifest, loadVideoSignal } from '../db/frame-manifests';
import { loadPipelineError } from '../db/pipeline-runs';
import { loadSceneInspection, type StoredSceneInspection } from '../db/scene-inspections';
import { worstFirst, type EvalKind } from '../domain/types';
import type { IssueOrigin, IssueRegion } from '../kinds';
import { formatTimestamp, type VideoSignal } from '../media/manifest';
import { sampleAt } from '../scene/inspection';
import { esc, pct, utcMinute } from './html';
import { missedList, missedPins, REVIEW_STYLE, reviewHeader, reviewScript, verdictCell, type ReviewControls } from './review';
import { axisSeconds, timelineMarks, type TimelineMarks } from './timeline';

/**
 * A self-contained HTML report of one pipeline run: one file, images inlined,
 * no network, readable from disk and printable. It reads only what the pipeline
 * stored (the run, its issues and their regions, the frames, the signal), so it
 * can be made at any time, on any machine with database access.
 */

export interface ReportData {
  run: EvalPipelineRun;
  costs: EvalRunCost[];
  frames: StoredFrame[];
  signal: VideoSignal | null;
  marks: TimelineMarks | null;
  regions: Map<string, IssueRegion>;
  /** Who found each issue, where recorded. */
  origins: Map<string, IssueOrigin>;
  /** Whether and how the run's scene was inspected, with its recorded timeline when it was. */
  scene: StoredSceneInspection | null;
  durationMs: number | null;
  /** When retention deleted the frames and signal (ISO 8601), or null. */
  framesPrunedAt: string | null;
  /** What reviewers said about the run (docs/calibration.md). */
  reviews: RunReviews;
  /** The verified source patch of each issue the scene's repair reached, by issue id (docs/fixes.md). */
  fixes: Map<string, FindingRepairEntry>;
  /** The pipeline's own error when the run ended ERROR, else null. */
  pipelineError: string | null;
}

/** Everything the report shows, or null when the run does not exist (or is another user's). */
export async function loadReport(pool: pg.Pool, pipelineRunId: string, opts: { ownerUserId?: string } = {}): Promise<ReportData | null> {
  const response = await getPipelineRun(pool, pipelineRunId, { includeIssues: true, ownerUserId: opts.ownerUserId });
  if (!response) return null;
  const [costs, frames, signal, regions, origins, scene, manifest, prunedAt, reviews, fixes, pipelineError] = await Promise.all([
    getEvalRunCosts(pool, pipelineRunId),
    getFrames(pool, pipelineRunId),
    loadVideoSignal(pool, pipelineRunId),
    getIssueRegions(pool, pipelineRunId),
    getIssueOrigins(pool, pipelineRunId),
    loadSceneInspection(pool, pipelineRunId),
    loadManifest(pool, pipelineRunId),
    framesPrunedAt(pool, pipelineRunId),
    getRunReviews(pool, pipelineRunId),
    getRunFixes(pool, pipelineRunId),
    loadPipelineError(pool, pipelineRunId),
  ]);
  const durationMs = manifest?.durationMs ?? null;
  const marks = signal && durationMs ? await timelineMarks(frames, signal, durationMs) : null;
  return {
    run: response.evalPipelineRun,
    costs,
    frames,
    signal,
    marks,
    regions,
    origins,
    scene,
    durationMs,
    framesPrunedAt: prunedAt,
    reviews,
    fixes: new Map(
      (fixes && fixes !== 'none' ? fixes.fixes : []).flatMap((f): [string, FindingRepairEntry][] => (f.issue.id ? [[f.issue.id, f]] : [])),
    ),
    pipelineError,
  };
}

/**
 * The report of a stored run as HTML, or null when the run does not exist (or
 * is another user's); with `controls`, the page a reviewer reviews it on.
 */
export async function pipelineRunReport(
  pool: pg.Pool,
  pipelineRunId: string,
  opts: { ownerUserId?: string; controls?: ReviewControls } = {},
): Promise<string | null> {
  const data = await loadReport(pool, pipelineRunId, opts);
  return data && renderReport(data, opts.controls ?? null);
}

/** Frames are shown at most this wide: a 1080p run's report stays small. */
const IMAGE_WIDTH = 768;

/** An issue drawn on its frame: its number links to its row (`#issue-N`). */
export type PinnedIssue = EvalIssue & { kind: EvalKind; number: number };

function notices(data: ReportData): string[] {
  const { run } = data;
  const out: string[] = [];
  if (run.status === 'ERROR')
    out.push(`<p class="notice error"><strong>This run ended ERROR:</strong> ${esc(data.pipelineError ?? run.summary)}</p>`);
  if (run.status === 'PENDING' || run.status === 'RUNNING') {
    out.push(
      `<p class="notice">This run is still <strong>${run.status}</strong>${run.status === 'PENDING' ? ' (waiting for the animation)' : ''}: the report shows what has been stored so far. Make it again when the run has ended.</p>`,
    );
  }
  if (data.framesPrunedAt) {
    out.push(
      `<p class="notice">The frames and the whole-video signal of this run were pruned on ${esc(utcMinute(data.framesPrunedAt))} (retention, EVALS_RETENTION_DAYS); its eval runs and issues are kept. Re-evaluate the fragment to see frames again.</p>`,
    );
  } else if (data.frames.length === 0 && run.status !== 'PENDING')
    out.push('<p class="notice">No frames are stored for this run (it ended before extracting them).</p>');
  return out;
}

function kindsTable(data: ReportData): string {
  const costs = new Map(data.costs.map((c) => [c.kind, c]));
  const rows = data.run.evalRuns.map((r) => {
    const cost = costs.get(r.kind);
    const tokens = cost?.promptTokens != null ? (cost.promptTokens + (cost.completionTokens ?? 0)).toLocaleString('en') : '-';
    const note = r.status === 'ERROR' || r.status === 'SKIPPED' || r.status === 'FAIL' ? r.summary : '';
    return `<tr><td>${esc(r.kind)}</td><td><span class="badge ${esc(r.status)}">${esc(r.status)}</span></td><td>${r.score !== null && r.maxScore !== null ? `${r.score}/${r.maxScore}` : '-'}</td><td>${r.issueCount}${r.highSeverityCount ? ` (${r.highSeverityCount} HIGH)` : ''}</td><td>${esc(r.provider ? `${r.provider}/${r.model ?? '?'}` : '-')}</td><td>${tokens}</td><td>${cost?.costUsd != null ? `$${cost.costUsd.toFixed(4)}` : '-'}</td><td class="note">${esc(note)}</td></tr>`;
  });
  return `<table class="kinds"><thead><tr><th>Kind</th><th>Status</th><th>Score</th><th>Issues</th><th>Judge</th><th>Tokens</th><th>Cost</th><th>Note</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Luma and motion over the whole video on a time axis in seconds, blank, still and flashing stretches shaded, scene changes and the stored frames marked. */
function signalStrip(data: ReportData): string {
  const { signal, marks, durationMs } = data;
  if (data.framesPrunedAt)
    return `<p class="muted">The whole-video signal was pruned on ${esc(utcMinute(data.framesPrunedAt))} by retention.</p>`;
  if (!signal || !marks || !durationMs) return '<p class="muted">The whole-video signal was not measured for this run.</p>';
  const W = 1000;
  const H = 156;
  // Room either side for the axis labels at 0 and at the end.
  const PAD = 20;
  const plot = { top: 10, bottom: 120 };
  const x = (ms: number) => ((ms / durationMs) * W).toFixed(1);
  // Each line spans the plot's height over its own range (math animations are mostly dark and still), with a floor so noise stays flat.
  const line = (values: readonly number[], floor: number) => {
    const low = Math.min(...values);
    const range = Math.max(floor, Math.max(...values) - low);
    const y = (v: number) => (plot.bottom - ((v - low) / range) * (plot.bottom - plot.top)).toFixed(1);
    // At most one point per horizontal pixel: the largest value of each (a one-frame flash must stay visible).
    const buckets = new Map<number, number>();
    values.forEach((v, i) => {
      const px = Math.round((signal.frameTimesMs[i] / durationMs) * W);
      buckets.set(px, Math.max(buckets.get(px) ?? -Infinity, v));
    });
    return [...buckets].map(([px, v]) => `${px},${y(v)}`).join(' ');
  };
  const band = (stretches: readonly { startMs: number; endMs: number }[], cls: string, label: string) =>
    stretches
      .map(
        (s) =>
          `<rect class="${cls}" x="${x(s.startMs)}" y="${plot.top}" width="${Math.max(2, Number(x(s.endMs)) - Number(x(s.startMs))).toFixed(1)}" height="${plot.bottom - plot.top}"><title>${label} ${formatTimestamp(s.startMs)}–${formatTimestamp(s.endMs)}</title></rect>`,
      )
      .join('');
  const scenes = marks.sceneChangesMs
    .map(
      (ms) =>
        `<line class="scene" x1="${x(ms)}" x2="${x(ms)}" y1="${plot.top}" y2="${plot.bottom}"><title>scene change ${formatTimestamp(ms)}</title></line>`,
    )
    .join('');
  const axis = axisSeconds(durationMs)
    .map(
      (s) =>
        `<line class="grid" x1="${x(s * 1000)}" x2="${x(s * 1000)}" y1="${plot.top}" y2="${plot.bottom + 14}"/><text x="${x(s * 1000)}" y="${H - 4}">${s} s</text>`,
    )
    .join('');
  const stored = data.frames
    .map(
      (f) =>
        `<a href="#frame-${f.index}"><path class="frame" d="M${x(f.timestampMs)},${plot.bottom + 1}l-5,10h10z"><title>frame ${f.index} · ${formatTimestamp(f.timestampMs)}</title></path></a>`,
    )
    .join('');
  return `<svg class="strip" viewBox="${-PAD} 0 ${W + 2 * PAD} ${H}" role="img" aria-label="luma and motion over time in seconds">
<rect class="plot" x="0" y="${plot.top}" width="${W}" height="${plot.bottom - plot.top}"/>
${axis}${band(marks.blank, 'blank', 'blank')}${band(marks.still, 'still', 'nothing changes')}${band(marks.flashing, 'flashing', 'flashing')}${scenes}
<polyline class="luma" points="${line(signal.luma, 16)}"/><polyline class="motion" points="${line(signal.motion, 2)}"/>${stored}</svg>
<p class="legend"><span class="key luma"></span>mean luma <span class="key motion"></span>motion (share of the picture changing; each line scaled to its range) <span class="key blank"></span>blank <span class="key still"></span>nothing changes (1 s or more) <span class="key flashing"></span>flashing <span class="key scene"></span>scene change <span class="key frame"></span>a frame the judge saw (links to it) · seconds from the start, ${formatTimestamp(0)}–${formatTimestamp(durationMs)}</p>`;
}

/** The issues of one frame drawn over it: their box or edge where known, else a label. */
export function pins(frameIssues: readonly PinnedIssue[], regions: Map<string, IssueRegion>): string {
  return frameIssues
    .map((issue, i) => {
      const region = regions.get(issue.id);
      const label = `<a class="tag sev-${issue.severity}" href="#issue-${issue.number}">${issue.number}. ${esc(issue.severity)} ${esc(issue.category)}</a>`;
      if (!region) return `<div class="pin free" style="top:${4 + i * 22}px">${label}</div>`;
      const edge = region.edge ? `<div class="edge edge-${region.edge} sev-${issue.severity}"></div>` : '';
      return `${edge}<div class="pin box sev-${issue.severity}" style="left:${pct(region.left)};top:${pct(region.top)};width:${pct(region.right - region.left)};height:${pct(region.bottom - region.top)}">${label}</div>`;
    })
    .join('');
}

/** The scene's objects on a frame, as the inspector recorded them at its time: an outline each, text labelled. */
function sceneBoxes(data: ReportData, timestampMs: number): string {
  const timeline = data.scene?.timeline;
  const sample = timeline ? sampleAt(timeline, timestampMs) : null;
  if (!timeline || !sample) return '';
  return sample.units
    .filter((u) => Math.max(u.fillOpacity, u.strokeOpacity) >= 0.05)
    .map((u) => {
      const unit = timeline.units[String(u.id)];
      // Clamped to the frame: what lies outside is not on the picture (a cut is pinned by its issue).
      const [x0, x1] = [u.box[0], u.box[2]].map((v) => Math.min(timeline.width, Math.max(0, v)));
      const [y0, y1] = [u.box[1], u.box[3]].map((v) => Math.min(timeline.height, Math.max(0, v)));
      if (x1 <= x0 || y1 <= y0) return '';
      const label = unit ? `${unit.type}${unit.text ? ` "${unit.text.slice(0, 30)}"` : ''}${unit.line ? ` · line ${unit.line}` : ''}` : '';
      return `<div class="scene-box${unit?.isText ? ' text' : ''}" style="left:${pct(x0 / timeline.width)};top:${pct(y0 / timeline.height)};width:${pct((x1 - x0) / timeline.width)};height:${pct((y1 - y0) / timeline.height)}" title="${esc(label)}">${unit?.isText ? `<span>${esc(label)}</span>` : ''}</div>`;
    })
    .join('');
}

async function contactSheet(data: ReportData, issues: readonly PinnedIssue[]): Promise<string> {
  if (data.framesPrunedAt) return `<p class="muted">Frames pruned on ${esc(utcMinute(data.framesPrunedAt))} by retention.</p>`;
  if (data.frames.length === 0) return '<p class="muted">No frames to show.</p>';
  const figures = await Promise.all(
    data.frames.map(async (f) => {
      const jpeg = f.width > IMAGE_WIDTH ? await sharp(f.jpeg).resize({ width: IMAGE_WIDTH }).jpeg({ quality: 80 }).toBuffer() : f.jpeg;
      const own = issues.filter((i) => i.frameIndex === f.index);
      return `<figure id="frame-${f.index}" class="${own.length ? 'flagged' : ''}"><div class="shot"><img src="data:image/jpeg;base64,${jpeg.toString('base64')}" alt="frame ${f.index} at ${formatTimestamp(f.timestampMs)}">${sceneBoxes(data, f.timestampMs)}${pins(own, data.regions)}${missedPins(data.reviews, f.index)}</div><figcaption>Frame ${f.index} · ${formatTimestamp(f.timestampMs)}${own.length ? ` · ${own.length} issue${own.length === 1 ? '' : 's'}` : ''}</figcaption></figure>`;
    }),
  );
  const toggle = data.scene?.timeline
    ? '<input type="checkbox" id="show-scene" checked><label for="show-scene" class="toggle">Show the scene\'s objects (outlines recorded from its Manim source; text labelled)</label>'
    : '';
  return `${toggle}<div class="sheet">${figures.join('')}</div>`;
}

/** A unified diff, each line coloured by what it does. */
function diffBlock(diff: string): string {
  const lines = diff.split('\n').map((line) => {
    const cls = /^(@@|\+\+\+ |--- )/.test(line) ? 'hunk' : line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : '';
    return cls ? `<span class="${cls}">${esc(line)}</span>` : esc(line);
  });
  return `<pre class="diff">${lines.join('\n')}</pre>`;
}

/** The issue's source patch beside it: the verdict, the change, the diff per file, what re-inspection showed. */
function patchCell(fix: FindingRepairEntry | undefined): string {
  if (!fix) return '<td class="patch muted">-</td>';
  const diffs = Object.entries(fix.diff).map(([, text]) => diffBlock(text));
  return `<td class="patch"><span class="verdict ${fix.verdict}">${esc(fix.verdict)}</span>${fix.change ? ` <code>${esc(fix.change)}</code>` : ''}${diffs.join('')}<div class="reinspection">${esc(fix.reinspection)}</div></td>`;
}

/** Who found an issue, in the report's words. */
const FOUND_BY: Record<IssueOrigin, string> = { scene: 'scene', pixels: 'pixels', judge: 'judge' };

function issueList(issues: readonly PinnedIssue[], data: ReportData, controls: ReviewControls | null): string {
  if (issues.length === 0) return '<p class="muted">No issues recorded.</p>';
  const { frames, origins } = data;
  // The review column appears once someone reviewed the run, or for a reviewer.
  const reviewed = controls !== null || data.reviews.verdicts.length > 0;
  // The patch column appears when the scene's repair reached an issue.
  const patched = data.fixes.size > 0;
  const shown = new Set(frames.map((f) => f.index));
  const rows = issues.map((i) => {
    const when =
      i.frameIndex !== null && shown.has(i.frameIndex)
        ? `<a href="#frame-${i.frameIndex}">${esc(i.frameHint ?? `frame ${i.frameIndex}`)}</a>`
        : esc(i.frameHint ?? '-');
    const origin = origins.get(i.id);
    const found = origin ? `<span class="origin ${origin}">${FOUND_BY[origin]}</span>` : '-';
    return `<tr id="issue-${i.number}"><td>${i.number}</td><td><span class="badge sev-${i.severity}">${esc(i.severity)}</span></td><td>${esc(i.kind)}</td><td>${esc(i.category)}</td><td>${found}</td><td>${when}</td><td class="description">${esc(i.description)}${i.suggestedFix ? `<div class="fix">Fix: ${esc(i.suggestedFix)}</div>` : ''}</td>${patched ? patchCell(data.fixes.get(i.id)) : ''}${reviewed ? `<td class="review">${verdictCell(i.id, data.reviews, controls)}</td>` : ''}</tr>`;
  });
  return `<table class="issues"><thead><tr><th>#</th><th>Severity</th><th>Kind</th><th>Category</th><th>Found by</th><th>When / where</th><th>Description</th>${patched ? '<th>Source patch</th>' : ''}${reviewed ? '<th>Review</th>' : ''}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

export async function renderReport(data: ReportData, controls: ReviewControls | null = null): Promise<string> {
  const { run } = data;
  const issues: PinnedIssue[] = run.evalRuns
    .flatMap((r) => (r.issues ?? []).map((i) => ({ ...i, kind: r.kind })))
    .sort((a, b) => worstFirst(a.severity, b.severity) || (a.frameIndex ?? Infinity) - (b.frameIndex ?? Infinity))
    .map((i, n) => ({ ...i, number: n + 1 }));
  const overall = run.overallStatus ?? run.status;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(`${overall} · fragment ${run.fragmentId} · attempt ${run.attemptNumber}`)}</title>
<style>${STYLE}${REVIEW_STYLE}</style></head>
<body${controls ? ' class="reviewing"' : ''}>
<header><h1><span class="badge big ${esc(overall)}">${esc(overall)}</span> Eval pipeline run</h1>
<p class="meta">Fragment <code>${esc(run.fragmentId)}</code> · attempt ${run.attemptNumber} · status ${esc(run.status)} · pipeline run <code>${esc(run.id)}</code> · project <code>${esc(run.projectId)}</code> · started ${esc(run.startedAt)}${run.completedAt ? ` · ended ${esc(run.completedAt)}` : ''}</p>
${notices(data).join('\n')}
<p class="summary">${esc(run.summary ?? 'No summary yet.')}</p>
${reviewHeader(data.reviews, controls)}
${data.scene ? `<p class="scene-note"><strong>Scene:</strong> ${esc(data.scene.note)}${data.scene.status === 'inspected' && data.scene.timeline ? ` · Manim ${esc(data.scene.timeline.manim ?? '?')}, ${data.scene.timeline.samples.length} recorded states${data.scene.wallMs !== null ? `, inspected in ${(data.scene.wallMs / 1000).toFixed(1)} s` : ''}` : ''}</p>` : ''}</header>
<section><h2>Eval runs</h2>${kindsTable(data)}</section>
<section><h2>The whole video</h2>${signalStrip(data)}</section>
<section><h2>Frames the judge saw</h2>${await contactSheet(data, issues)}</section>
<section><h2>Issues</h2>${issueList(issues, data, controls)}${missedList(data.reviews.missed)}</section>
${controls ? reviewScript(controls) : ''}
<footer>Made from the stored pipeline run; ${data.framesPrunedAt ? 'its frames were pruned by retention' : `frames are the ${data.frames.length} the judge was shown`}.</footer>
</body></html>
`;
}

/** The report's style sheet; pages that draw frames and pins the same way use it too. */
export const STYLE = `
:root{--fg:#1b1b1b;--muted:#666;--line:#d0d0d0;--bg:#fff;--panel:#f4f4f4;--high:#c62828;--medium:#e65100;--low:#1565c0;--pass:#2e7d32}
*{box-sizing:border-box}body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;max-width:1240px;padding:20px}
h1{font-size:22px;margin:0 0 6px}h2{font-size:17px;margin:26px 0 10px;border-bottom:1px solid var(--line);padding-bottom:4px}
code{font-size:12px;background:var(--panel);padding:1px 4px;border-radius:3px}.meta,.muted,footer{color:var(--muted)}.summary{background:var(--panel);padding:10px 12px;border-radius:6px}
.notice{border-left:4px solid var(--medium);background:#fff3e0;padding:8px 12px;border-radius:4px}.notice.error{border-color:var(--high);background:#ffebee}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid var(--line)}th{font-size:12px;text-transform:uppercase;color:var(--muted)}td.note{color:var(--muted);max-width:420px}
.badge{display:inline-block;padding:1px 7px;border-radius:10px;font-size:12px;font-weight:600;color:#fff;background:#757575}.badge.big{font-size:16px;padding:2px 10px;vertical-align:2px}
.PASS{background:var(--pass)}.FAIL{background:var(--high)}.ERROR{background:#6a1b9a}.SKIPPED,.PENDING,.RUNNING{background:#757575}
.sev-HIGH{--sev:var(--high)}.sev-MEDIUM{--sev:var(--medium)}.sev-LOW{--sev:var(--low)}.badge[class*=sev-]{background:var(--sev)}
.sheet{display:grid;grid-template-columns:repeat(auto-fill,minmax(280px,1fr));gap:14px}
figure{margin:0;background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:6px;break-inside:avoid}figure.flagged{border-color:var(--medium)}figure:target{outline:3px solid var(--low)}
.shot{position:relative;line-height:0;background:repeating-conic-gradient(#ccc 0 25%,#eee 0 50%) 0 0/16px 16px}.shot img{width:100%;height:auto;display:block}
figcaption{font-size:12px;color:var(--muted);padding-top:5px}
.pin{position:absolute;line-height:1.2}.pin.box{border:2px solid var(--sev);box-shadow:0 0 0 1px #fff,inset 0 0 0 1px #fff}.pin.box .tag{position:absolute;left:-2px;top:-20px;white-space:nowrap}.pin.free{left:4px}
.tag{display:inline-block;font-size:11px;font-weight:600;color:#fff;background:var(--sev);padding:1px 5px;border-radius:3px;text-decoration:none;box-shadow:0 0 0 1px #fff}
.edge{position:absolute;background:var(--sev);box-shadow:0 0 0 1px #fff}.edge-top{left:0;right:0;top:0;height:5px}.edge-bottom{left:0;right:0;bottom:0;height:5px}.edge-left{top:0;bottom:0;left:0;width:5px}.edge-right{top:0;bottom:0;right:0;width:5px}
.strip{width:100%;height:auto;display:block}.strip .plot{fill:#fafafa;stroke:var(--line)}.strip polyline{fill:none;stroke-width:1.2}.strip .luma{stroke:#424242}.strip .motion{stroke:var(--low)}
.strip .blank{fill:#9e9e9e;opacity:.45}.strip .still{fill:#90caf9;opacity:.45}.strip .flashing{fill:var(--high);opacity:.45}.strip .scene{stroke:var(--medium);stroke-width:1.5}.strip .grid{stroke:#e0e0e0}.strip .frame{fill:#424242}.strip a:hover .frame{fill:var(--low)}.strip text{font-size:11px;text-anchor:middle;fill:var(--muted)}
.legend{font-size:12px;color:var(--muted)}.key{display:inline-block;width:12px;height:10px;margin:0 4px 0 10px;vertical-align:middle}.key.luma{background:#424242}.key.motion{background:var(--low)}.key.blank{background:#9e9e9e}.key.still{background:#90caf9}.key.flashing{background:var(--high)}.key.scene{background:var(--medium)}.key.frame{background:#424242;clip-path:polygon(50% 0,100% 100%,0 100%)}
.fix{color:var(--muted);margin-top:3px}tr:target{background:#fff8e1}
.scene-note{color:var(--muted)}.toggle{display:inline-block;margin:0 0 10px 6px;color:var(--muted);cursor:pointer}
.scene-box{position:absolute;border:1px dashed rgba(0,188,212,.9);line-height:1.1}.scene-box.text{border-style:solid;border-color:rgba(0,230,118,.95)}
.scene-box span{position:absolute;left:0;bottom:100%;font-size:9px;color:#00e676;background:rgba(0,0,0,.65);padding:0 2px;white-space:nowrap;max-width:240px;overflow:hidden;text-overflow:ellipsis}
#show-scene:not(:checked)~.sheet .scene-box{display:none}
.issues .description,.patch{overflow-wrap:anywhere}.issues .description{min-width:200px}.patch{width:40%}.patch .diff{font:11px/1.35 ui-monospace,monospace;background:var(--panel);border:1px solid var(--line);border-radius:4px;padding:6px;margin:4px 0;max-width:340px;overflow-x:auto;white-space:pre;overflow-wrap:normal}
.diff .add{color:#1b5e20;background:#e8f5e9}.diff .del{color:#b71c1c;background:#ffebee}.diff .hunk{color:var(--muted)}.reinspection{font-size:12px;color:var(--muted)}
.verdict{font-size:11px;font-weight:600;padding:1px 6px;border-radius:8px;color:#fff;background:#757575}.verdict.verified{background:var(--pass)}.verdict.unverified{background:var(--medium)}
.origin{font-size:11px;padding:1px 6px;border-radius:8px;background:var(--panel);border:1px solid var(--line)}.origin.scene{border-color:#00a152;color:#00701a}.origin.judge{border-color:#6a1b9a;color:#6a1b9a}
@media print{body{max-width:none;padding:0}.sheet{grid-template-columns:repeat(3,1fr)}a{color:inherit;text-decoration:none}h2{break-after:avoid}}
`;
