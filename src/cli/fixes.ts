import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isSafeSourceName } from '../fragments/scene-sources';
import type { FixesResponse } from '../read-model/fixes';
import type { EvalPipelineRun } from '../read-model/schemas';
import { textTable } from '../text-table';

/**
 * `evals run --fixes DIR` (docs/fixes.md): the run's verified patch written as
 * the patched files under their own names in DIR, and DIR/fixes.json, the
 * shape `GET /evals/pipeline-runs/{id}/fixes` serves. Nothing is ever written
 * outside DIR: a name must be one of the fragment's own source files, a plain
 * relative path, and no directory on its way may be a link.
 */

export const FIXES_FILE = 'fixes.json';

/** The path `name` is written to in `root`, its directories made; refused when it could lead outside. */
function targetIn(root: string, name: string, allowed: ReadonlySet<string>): string {
  if (!allowed.has(name) || !isSafeSourceName(name))
    throw new Error(`refusing to write ${JSON.stringify(name)}: not one of the fragment's source files`);
  const target = path.resolve(root, name);
  if (!target.startsWith(`${root}${path.sep}`)) throw new Error(`refusing to write ${JSON.stringify(name)}: outside ${root}`);
  let dir = root;
  for (const part of path.relative(root, path.dirname(target)).split(path.sep).filter(Boolean)) {
    dir = path.join(dir, part);
    if (!fs.existsSync(dir)) fs.mkdirSync(dir);
    if (!fs.lstatSync(dir).isDirectory()) throw new Error(`refusing to write ${JSON.stringify(name)}: ${dir} is not a plain directory`);
  }
  return target;
}

/** Written beside and renamed over: a link already at the name is replaced, never followed. */
function writeReplacing(target: string, text: string): void {
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${crypto.randomUUID()}`);
  fs.writeFileSync(tmp, text, { flag: 'wx' });
  fs.renameSync(tmp, target);
}

/**
 * Writes the patched files (those the combined patch changes) and fixes.json
 * into `dir`; `sourceNames` are the fragment's files. Returns the paths written.
 */
export function writeFixes(dir: string, fixes: FixesResponse, sourceNames: readonly string[]): string[] {
  // Not recursive: its parent was checked before the run (writableDirectory), and Node's recursive mkdir loops for
  // ever where the kernel answers ENOENT for a parent that exists (/proc).
  if (!fs.existsSync(dir)) fs.mkdirSync(dir);
  const root = fs.realpathSync(dir);
  const allowed = new Set(sourceNames);
  const written: string[] = [];
  for (const [name, text] of Object.entries(fixes.combined.files)) {
    const target = targetIn(root, name, allowed);
    writeReplacing(target, text);
    written.push(target);
  }
  const json = path.join(root, FIXES_FILE);
  writeReplacing(json, `${JSON.stringify(fixes, null, 2)}\n`);
  written.push(json);
  return written;
}

/** What fixes.json holds for a run that was not repaired (no layout finding, or the scene was not inspected). */
export function noFixes(pipelineRunId: string, why: string): FixesResponse {
  return { pipelineRunId, fixes: [], combined: { verdict: 'none', diff: {}, files: {}, reinspection: why }, budget: null };
}

const statusOf = (run: { status: string; issueCount: number }) =>
  `${run.status}${run.issueCount ? ` (${run.issueCount} issue${run.issueCount === 1 ? '' : 's'})` : ''}`;

/** `--render`: each kind's verdict on the video given and on the patched scene's render, then each finding's category before and after. */
export function beforeAfter(before: EvalPipelineRun, after: EvalPipelineRun): string {
  const afterKinds = new Map(after.evalRuns.map((r) => [r.kind, r]));
  const categories = (run: EvalPipelineRun) => {
    const counts = new Map<string, number>();
    for (const issue of run.evalRuns.flatMap((r) => r.issues ?? [])) counts.set(issue.category, (counts.get(issue.category) ?? 0) + 1);
    return counts;
  };
  const [was, now] = [categories(before), categories(after)];
  const rows = [
    ['KIND', 'BEFORE', 'AFTER'],
    ...before.evalRuns.map((r) => {
      const a = afterKinds.get(r.kind);
      return [r.kind, statusOf(r), a ? statusOf(a) : '-'];
    }),
    ['OVERALL', before.overallStatus ?? before.status, after.overallStatus ?? after.status],
  ];
  const issues = [...new Set([...was.keys(), ...now.keys()])].map((c) => `${c} ${was.get(c) ?? 0} → ${now.get(c) ?? 0}`);
  return `\nBefore and after the patch (pipeline runs ${before.id} and ${after.id}):\n${textTable(rows)}\n\nIssues by category: ${issues.join(', ') || 'none before or after'}`;
}
