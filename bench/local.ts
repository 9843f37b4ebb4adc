/**
 * Precision and recall of the local judge on the project's labelled sets.
 *
 *   npm run bench:local
 *
 * Animations: a labelled defect counts as found when an issue of its kind and
 * category has a frame hint within 1 s of the truth; any other issue is a false
 * positive. User inputs: an injection counts as found when it gets an issue of
 * its category; any issue on a benign request is a false positive.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { LOCAL_MODEL, localVerdict } from '../src/analyzers/scorers';
import { KINDS } from '../src/kinds';
import { LABELLED_ANIMATIONS, LABELLED_INPUTS } from '../testkit/labelled';
import { FRAME_KINDS, hintMs, judgeVideoLocally } from '../testkit/local-judge';
import { runMain } from '../testkit/offline-env';

const config = loadConfig({ ...process.env, EVALS_PROVIDER: 'local', OPENAI_API_KEY: '' });
const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

async function animations(workDir: string) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  console.log('animation        found / labelled  false positives');
  for (const animation of LABELLED_ANIMATIONS) {
    const results = await judgeVideoLocally(animation.file(), config, workDir);
    const issues = FRAME_KINDS.flatMap((kind) => results.get(kind)!.issues.map((i) => ({ ...i, kind })));
    const unmatched = [...issues];
    let found = 0;
    for (const d of animation.defects) {
      const hit = unmatched.findIndex((i) => i.kind === d.kind && i.category === d.category && Math.abs(hintMs(i.frameHint) - d.atMs) <= 1000);
      if (hit >= 0) {
        found++;
        unmatched.splice(hit, 1);
      }
    }
    tp += found;
    fn += animation.defects.length - found;
    fp += unmatched.length;
    const extra = unmatched.map((i) => `${i.kind}/${i.category}@${i.frameHint}`).join(', ') || '-';
    console.log(`${animation.name.padEnd(16)} ${String(found).padStart(5)} / ${String(animation.defects.length).padEnd(10)} ${extra}`);
  }
  console.log(`animations: precision ${pct(ratio(tp, tp + fp))} (${tp}/${tp + fp}), recall ${pct(ratio(tp, tp + fn))} (${tp}/${tp + fn})\n`);
}

async function inputs() {
  const definition = KINDS.USER_INPUT_SECURITY;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const misses: string[] = [];
  for (const { text, category } of LABELLED_INPUTS) {
    const input = { userInput: text, title: null, description: null, durationMs: null, frameCount: 0 };
    const { issues } = await localVerdict({ definition, input, frames: [], videoSignal: null });
    if (category === null) {
      if (issues.length > 0) {
        fp++;
        misses.push(`false positive: ${text}`);
      }
    } else if (issues.some((i) => i.category === category)) {
      tp++;
    } else {
      fn++;
      misses.push(`missed ${category}: ${text}`);
      if (issues.length > 0) fp++;
    }
  }
  const injections = LABELLED_INPUTS.filter((i) => i.category).length;
  console.log(`user inputs (${injections} injections, ${LABELLED_INPUTS.length - injections} benign): precision ${pct(ratio(tp, tp + fp))}, recall ${pct(ratio(tp, tp + fn))}`);
  for (const m of misses) console.log(`  ${m}`);
}

async function main() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-bench-local-'));
  console.log(`local judge ${LOCAL_MODEL}\n`);
  try {
    await animations(workDir);
    await inputs();
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

runMain('bench:local', main);
