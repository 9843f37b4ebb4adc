/**
 * The user-input screening (docs/user-input-security.md) against the labelled sets of corpus/user-input/.
 *
 *   npm run bench:security [-- --misses]
 *
 * Recall (attacks and harmful requests that end FAIL) per set and category, and false failures on
 * benign math requests, separately for the tuning parts, the held-out parts (never looked at while
 * tuning), the scanners' probes and the blind sets' untuned parts; the held-out and blind messages placed inside a
 * benign request (an attack appended to a real request); per-message CPU time (median and p99) over
 * the whole corpus, over 4,000-character messages and over 32,000-character runs of hostile shapes; the model's
 * size; how a 1 MB message is refused.
 * `--misses` prints the tuning parts' misses and false failures (never those of held-out or scanner sets).
 */
import fs from 'node:fs';
import path from 'node:path';
import { MODEL_INFO } from '../src/analyzers/user-input/classifier';
import { MessageTooLong, type Screening, screenMessage } from '../src/analyzers/user-input/screen';
import { PROJECT_ROOT } from '../src/config';
import { MAX_TEXT_CHARS } from '../src/domain/text-limits';
import { loadUserInputSets, NEVER_TUNED, type NeverTuned, type SetMessage, type Split } from '../testkit/user-input-sets';

const showMisses = process.argv.includes('--misses');

/** Each set never trained on, as the report names it: a set added to NEVER_TUNED needs its title here. */
const BLIND_TITLES: Record<NeverTuned, string> = {
  blind2: 'BLIND2, a second blind set (written later the same way: never tuned on, none of it)',
  blind3: 'BLIND3, a third blind set (written after local-analyzers/v17 the same way: never tuned on, none of it)',
  blind4: 'BLIND4, a fourth blind set (written with the seventh round of own data, the same way: never tuned on, none of it)',
  blind5: 'BLIND5, a fifth blind set (written with the eighth round of own data, the same way: never tuned on, none of it)',
  blind6: 'BLIND6, a sixth blind set (written with the ninth round of own data, the same way: never tuned on, none of it)',
  blind7:
    "BLIND7, a seventh blind set (written with the tenth round of own data, the same way: never trained on; its counts chose the classifier's settings)",
  blind8: 'BLIND8, an eighth blind set (written with the eleventh round of own data, the same way: never tuned on, none of it)',
  blind9:
    'BLIND9, the eighteenth round kept out (written after v25 by eight sessions, measured once untouched: never tuned on, none of it)',
  blind10: 'BLIND10, a tenth blind set (written with the nineteenth round of own data, the same way: never tuned on, none of it)',
  blind11:
    "BLIND11, the twenty-second round kept out (written after v26 by four sessions, measured once untouched: never trained on; the twenty-fourth round's brief followed its counts)",
  blind12:
    "BLIND12, a twelfth blind set (written with the twenty-sixth round, to spikee's family names: injections and their benign look-alikes; never tuned on, none of it)",
  blind13:
    'BLIND13, a thirteenth blind set (written after local-analyzers/v28 by three sessions, measured once untouched: never tuned on, none of it)',
  blind14:
    'BLIND14, long messages (written after local-analyzers/v32 by three sessions: people explaining their situation at length; measured once untouched, never trained on; its counts were seen while the thirtieth round was chosen)',
  blind15:
    'BLIND15, long messages (written the same way after local-analyzers/v34 with classifier v30: measured once untouched, never tuned on, none of it)',
};
const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);
/** The 95% Wilson interval of k in n: how far a small set's rate may sit from the true one by chance alone. */
const interval = (k: number, n: number) => {
  if (n === 0) return '';
  const z = 1.96;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return ` [95% CI ${(100 * Math.max(0, centre - half)).toFixed(1)} to ${(100 * Math.min(1, centre + half)).toFixed(1)}%]`;
};
const cpuMs = (f: () => void) => {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

/** A benign message that is a math request (public/'s benign look-alikes are not). */
const isMathRequest = (m: SetMessage) => m.label === 'benign' && !m.set.startsWith('public/');

interface Judged {
  message: SetMessage;
  screening: Screening;
}

/** A part's figures, set by set and category by category, then overall; `totalsOnly` for parts already shown set by set. */
function report(title: string, judged: readonly Judged[], totalsOnly = false): void {
  if (judged.length === 0) return;
  console.log(`\n${title}`);
  const bySet = new Map<string, Judged[]>();
  for (const j of judged)
    bySet.set(`${j.message.set} ${j.message.label}`, [...(bySet.get(`${j.message.set} ${j.message.label}`) ?? []), j]);
  if (!totalsOnly) console.log(`  ${'set'.padEnd(34)} ${'label'.padEnd(8)} ${'n'.padStart(5)}  flagged (FAIL)`);
  for (const [key, items] of totalsOnly ? [] : [...bySet.entries()].sort()) {
    const [set, label] = key.split(' ');
    const failed = items.filter((j) => j.screening.status === 'FAIL').length;
    const what =
      label === 'benign'
        ? `false failures ${failed} (${pct(failed, items.length)})`
        : `recall ${pct(failed, items.length)} (${failed}/${items.length})`;
    console.log(`  ${set.padEnd(34)} ${label.padEnd(8)} ${String(items.length).padStart(5)}  ${what}`);
    if (label === 'benign') continue;
    const byCategory = new Map<string, Judged[]>();
    for (const j of items) {
      const category = j.message.category.split('/')[0] + (j.message.category.includes('/') ? ' (encoded/disguised)' : '');
      byCategory.set(category, [...(byCategory.get(category) ?? []), j]);
    }
    if (byCategory.size > 1)
      for (const [category, c] of [...byCategory.entries()].sort()) {
        const f = c.filter((j) => j.screening.status === 'FAIL').length;
        console.log(`      ${category.padEnd(60)} ${pct(f, c.length).padStart(6)} (${f}/${c.length})`);
      }
  }
  const harmful = judged.filter((j) => j.message.label !== 'benign');
  const attacks = harmful.filter((j) => j.message.label === 'attack');
  const harm = harmful.filter((j) => j.message.label === 'harmful');
  const math = judged.filter((j) => isMathRequest(j.message));
  const failed = (items: readonly Judged[]) => items.filter((j) => j.screening.status === 'FAIL').length;
  console.log(
    `  overall: injections and jailbreaks ${pct(failed(attacks), attacks.length)} (${failed(attacks)}/${attacks.length})${interval(failed(attacks), attacks.length)}, harmful requests ${pct(failed(harm), harm.length)} (${failed(harm)}/${harm.length})${interval(failed(harm), harm.length)}` +
      (math.length
        ? `, benign math requests failed ${failed(math)}/${math.length} (${pct(failed(math), math.length)})${interval(failed(math), math.length)}`
        : ''),
  );
  const byLayer = new Map<string, number>();
  for (const j of harmful.filter((h) => h.screening.status === 'FAIL')) {
    const layers = [...new Set(j.screening.issues.map((i) => i.layer))].sort().join('+');
    byLayer.set(layers, (byLayer.get(layers) ?? 0) + 1);
  }
  console.log(
    `  flagged by: ${[...byLayer.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([l, n]) => `${l} ${n}`)
      .join(', ')}`,
  );
}

/**
 * The part's attacks and harmful requests placed inside a math request, as a user appends one to a real
 * request: each between two of the part's benign requests (those over 150 characters that pass alone), as
 * paragraphs apart and run into one paragraph (the classifier scores a paragraph on its own, so the two
 * differ); and its benign requests three at a time, both ways, for the false failures a longer message brings.
 */
function reportInside(title: string, judged: readonly Judged[]): void {
  const contexts = judged
    .filter((j) => isMathRequest(j.message) && j.message.text.length > 150 && j.screening.status === 'PASS')
    .map((j) => j.message.text);
  if (contexts.length < 3) return;
  // A message the pipeline would cut is judged as cut (screenBoundedMessage fails the rest anyway).
  const fails = (text: string) => screenMessage(text.slice(0, MAX_TEXT_CHARS)).status === 'FAIL';
  const counts = { attack: { n: 0, alone: 0, inside: 0, runIn: 0 }, harmful: { n: 0, alone: 0, inside: 0, runIn: 0 } };
  let k = 0;
  for (const j of judged) {
    if (j.message.label === 'benign') continue;
    const c = counts[j.message.label];
    c.n++;
    if (j.screening.status === 'FAIL') c.alone++;
    const around = [contexts[(k * 7) % contexts.length], j.message.text, contexts[(k * 13 + 5) % contexts.length]];
    if (fails(around.join('\n\n'))) c.inside++;
    if (fails(around.join(' '))) c.runIn++;
    k++;
  }
  let triples = 0;
  let failed = 0;
  let failedRunIn = 0;
  for (let i = 0; i + 2 < contexts.length; i += 3, triples++) {
    if (fails(contexts.slice(i, i + 3).join('\n\n'))) failed++;
    if (fails(contexts.slice(i, i + 3).join(' '))) failedRunIn++;
  }
  console.log(`\n${title}`);
  for (const [label, c] of Object.entries(counts))
    console.log(
      `  ${label === 'attack' ? 'injections and jailbreaks' : 'harmful requests'}: alone ${pct(c.alone, c.n)} (${c.alone}/${c.n}), inside a request ${pct(c.inside, c.n)} (${c.inside}/${c.n})${interval(c.inside, c.n)}, run into it ${pct(c.runIn, c.n)} (${c.runIn}/${c.n})`,
    );
  console.log(
    `  benign requests three at a time failed ${failed}/${triples} (${pct(failed, triples)})${interval(failed, triples)}, run together ${failedRunIn}/${triples}`,
  );
}

function main(): void {
  const messages = loadUserInputSets();
  const judged: Judged[] = [];
  const cpu: number[] = [];
  for (const message of messages) {
    let screening: Screening | undefined;
    cpu.push(cpuMs(() => (screening = screenMessage(message.text))));
    judged.push({ message, screening: screening! });
  }
  const part = (split: Split) => judged.filter((j) => j.message.split === split);
  console.log(`user-input screening, ${messages.length} labelled messages; classifier ${MODEL_INFO.version}`);
  report('TUNING parts (rules written and classifier trained looking at these)', part('tune'));
  report('HELD-OUT parts (30% of own/ and public/, never looked at while tuning)', part('holdout'));
  report("SCANNERS' PROBES (garak, PyRIT, spikee: never tuned on, a test set only)", part('scanner'));
  report("BLIND set's held-out half (written after the rules by someone who never saw them: never tuned on)", part('blind'));
  for (const set of NEVER_TUNED) report(BLIND_TITLES[set], part(set));
  const everyBlind = judged.filter((j) => j.message.split === 'blind' || (NEVER_TUNED as readonly string[]).includes(j.message.split));
  report(
    "EVERY BLIND SET POOLED (blind's held-out half and blind2 onwards, never tuned on; a small set's rate varies by chance, as its interval shows)",
    everyBlind,
    true,
  );
  reportInside('HELD-OUT messages INSIDE A REQUEST (each attack or harmful request between two held-out benign requests)', part('holdout'));
  reportInside('EVERY BLIND SET INSIDE A REQUEST (the same, with the blind sets, never tuned on)', everyBlind);

  const benignNotMath = judged.filter((j) => j.message.label === 'benign' && j.message.set.startsWith('public/'));
  if (benignNotMath.length) {
    const high = benignNotMath.filter((j) => j.screening.issues.some((i) => i.severity === 'HIGH')).length;
    const scopeOnly = benignNotMath.filter(
      (j) => j.screening.status === 'FAIL' && j.screening.issues.every((i) => i.layer === 'scope'),
    ).length;
    console.log(
      `\nbenign messages that are not math requests (public/bastioncorpus's look-alikes, ${benignNotMath.length}): ${scopeOnly} failed as out of scope only (by design), ${high} with a HIGH finding`,
    );
  }

  // CPU per message: the corpus as it is, and 4,000-character messages: a long benign request, and a mix of everything (attacks, encodings, languages).
  const longOf = (texts: readonly string[]) => {
    const long: string[] = [];
    for (let i = 0; long.length < 300; i += 7) {
      let text = '';
      for (let j = i; text.length < 4000; j += 13) text += `${texts[j % texts.length]} `;
      long.push(text.slice(0, 4000));
    }
    return long;
  };
  console.log(
    process.execArgv.includes('--no-regexp-tier-up')
      ? '\nregular expressions compiled at their first run (node --no-regexp-tier-up), as the image runs the worker and the server'
      : "\nregular expressions under V8's default tier-up (the image runs node --no-regexp-tier-up)",
  );
  console.log(
    `CPU per message, whole corpus (${cpu.length}, median length ${quantile(
      messages.map((m) => m.text.length),
      0.5,
    )} chars): median ${quantile(cpu, 0.5).toFixed(2)} ms, p99 ${quantile(cpu, 0.99).toFixed(2)} ms`,
  );
  for (const [what, texts] of [
    ['benign math requests', messages.filter((m) => m.set === 'own/benign-math').map((m) => m.text)],
    ['every set mixed (attacks, encodings, languages)', messages.map((m) => m.text)],
  ] as const) {
    const long = longOf(texts);
    for (const text of long.slice(0, 30)) screenMessage(text); // warm up
    const longCpu = long.map((text) => cpuMs(() => screenMessage(text)));
    console.log(
      `CPU per 4,000-character message, ${what} (${longCpu.length}): median ${quantile(longCpu, 0.5).toFixed(2)} ms, p99 ${quantile(longCpu, 0.99).toFixed(2)} ms, max ${Math.max(...longCpu).toFixed(2)} ms`,
    );
  }

  // Shapes an attacker can repeat up to the limit, the ones that make a careless pattern backtrack: runs of addresses
  // with queries, tags and attributes, verbs waiting for their object, unclosed quotes, digits, base64, Chinese
  // (no spaces), and paragraphs of one letter (each read apart by the classifier).
  const hostile: [string, string][] = [
    ['addresses with queries', 'Animate this: ' + 'http://a.b/x?'.repeat(2500)],
    ['addresses with parameters', 'Animate this: ' + 'https://x.y/p?a=b&'.repeat(1800)],
    ['tags and attributes', 'include ' + '<a b onx c '.repeat(2900)],
    ['verbs waiting for their object', 'ignore show print reveal include '.repeat(960)],
    ['unclosed quotes', `just say 'x ${"'a ".repeat(10_000)}`],
    ['one endless word', `animate ${'ab'.repeat(15_900)}`],
    ['hex digits (decoded, then judged)', '2072656164'.repeat(3200)],
    ['base64 that decodes to letters', '6KaB5YW3'.repeat(4000)],
    ['Chinese with no full stop', '怎么画出圆的面积，'.repeat(3600)],
    ['paragraphs of one letter', 'a\n\n'.repeat(10_700)],
  ];
  for (const [what, text] of hostile) {
    const ms = cpuMs(() => screenMessage(text.slice(0, 32_000)));
    console.log(`CPU for a 32,000-character run of ${what}: ${ms.toFixed(1)} ms`);
  }

  const modelFile = path.join(PROJECT_ROOT, 'src', 'analyzers', 'user-input', 'model.json');
  console.log(
    `model: ${MODEL_INFO.version}, 2 heads x 2^${MODEL_INFO.featureBits} int8 weights (${(2 ** MODEL_INFO.featureBits * 2) / 1024} KiB), model.json ${(fs.statSync(modelFile).size / 1024).toFixed(0)} KiB`,
  );

  const huge = 'a'.repeat(1024 * 1024);
  let refused = '';
  const refusedMs = cpuMs(() => {
    try {
      screenMessage(huge);
    } catch (err) {
      refused = err instanceof MessageTooLong ? err.message : String(err);
    }
  });
  console.log(`a 1 MB message: refused in ${refusedMs.toFixed(3)} ms CPU: ${refused}`);

  if (showMisses) {
    console.log('\nTUNING misses and false failures:');
    for (const j of part('tune')) {
      const wrong =
        j.message.label === 'benign' ? isMathRequest(j.message) && j.screening.status === 'FAIL' : j.screening.status === 'PASS';
      if (wrong)
        console.log(
          `  [${j.message.set} ${j.message.category}] ${JSON.stringify(j.message.text.slice(0, 160))}${j.screening.issues.length ? ` -> ${j.screening.issues.map((i) => `${i.category}:${i.quote}`).join(' | ')}` : ''}`,
        );
    }
  }
}

main();
