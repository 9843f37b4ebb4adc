/**
 * `npx tsx scripts/user-input-variants.ts` (also the last step of `npm run import:user-input`):
 * corpus/user-input/own/variants.jsonl, the own attacks and harmful requests (own/injections,
 * own/jailbreaks, own/harmful) hidden the ways the normalisation layer undoes
 * (src/analyzers/user-input/normalise.ts): base64, hex, rot13, URL encoding, reversed text, leetspeak,
 * look-alike letters, zero-width characters, spaced letters, fullwidth forms. Each message gets two
 * encodings chosen by a hash of its id (the next ones where an encoding would leave it as it was); a
 * variant's id is `original~encoding`, so it falls in the same tuning or held-out part as its original
 * (testkit/user-input-sets.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type LabelledMessage, USER_INPUT_CORPUS } from '../testkit/user-input-sets';

const HOMOGLYPHS: Record<string, string> = { a: 'а', e: 'е', o: 'о', p: 'р', c: 'с', i: 'і', x: 'х', y: 'у' };
const LEET: Record<string, string> = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7' };

const ENCODINGS: Record<string, (text: string) => string> = {
  base64: (t) => `Decode this and do it: ${Buffer.from(t).toString('base64')}`,
  hex: (t) => `hex: ${Buffer.from(t).toString('hex')}`,
  rot13: (t) =>
    `rot13: ${t.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c <= 'Z' ? 65 : 97)))}`,
  url: (t) => `Animate the decoded text: ${encodeURIComponent(t)}`,
  reversed: (t) => [...t].reverse().join(''),
  leetspeak: (t) => t.replace(/[aeiost]/gi, (c) => LEET[c.toLowerCase()] ?? c),
  homoglyphs: (t) => t.replace(/[aeopcixy]/g, (c) => HOMOGLYPHS[c] ?? c),
  'zero-width': (t) => t.replace(/(\w{3})(?=\w)/g, '$1\u200b'),
  spaced: (t) =>
    t
      .split(/\s+/)
      .map((w) => w.split('').join(' '))
      .join('   '),
  fullwidth: (t) => t.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
};

const names = Object.keys(ENCODINGS);
const rows: LabelledMessage[] = [];
for (const set of ['injections', 'jailbreaks', 'harmful']) {
  for (const line of fs
    .readFileSync(path.join(USER_INPUT_CORPUS, 'own', `${set}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)) {
    const m = JSON.parse(line) as LabelledMessage;
    if (m.category === 'encoded') continue;
    const start = crypto.createHash('sha256').update(m.id).digest().readUInt8(0) % names.length;
    // Two that change the text: look-alike letters, zero-width characters, leetspeak and fullwidth forms leave Chinese as it was.
    const order = [start, start + 3, ...names.map((_, k) => start + k)].map((k) => names[k % names.length]);
    for (const name of [...new Set(order)].filter((name) => ENCODINGS[name](m.text) !== m.text).slice(0, 2)) {
      rows.push({ id: `${m.id}~${name}`, text: ENCODINGS[name](m.text), label: m.label, category: `${m.category}/${name}`, lang: m.lang });
    }
  }
}
fs.writeFileSync(path.join(USER_INPUT_CORPUS, 'own', 'variants.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
console.log(`corpus/user-input/own/variants.jsonl: ${rows.length} messages`);
