import { clip, oneLine } from '../../domain/clip';
import type { MathCheck } from '../inspection';
import { area, opacityOf, type Observation, type Scene } from '../scene';
import { SCENE_RULES } from '../thresholds';
import type { SceneRule } from './rule';

/**
 * A formula that says something false, or a derivation step that does not
 * follow from the one before, as the computer algebra system found it
 * (scene-inspector/check_math.py, docs/math-and-reading.md). HIGH: a wrong step
 * teaches something false in a video that looks perfect. Pinned where the wrong
 * formula is first fully shown; the line is the one that made that formula.
 */
function mathErrors(scene: Scene): Observation[] {
  const { math, texts } = scene.timeline;
  if (!math || !texts) return [];
  // One finding per wrong formula: its own claim first, else the step that led to it.
  const wrong = new Map<number, { check: MathCheck; from?: number }>();
  math.formulas.forEach((check, index) => {
    if (check.status === 'wrong') wrong.set(index, { check });
  });
  for (const step of math.steps) if (step.status === 'wrong' && !wrong.has(step.to)) wrong.set(step.to, { check: step, from: step.from });
  const findings: Observation[] = [];
  for (const [index, { check, from }] of wrong) {
    const shown = firstShown(scene, index);
    if (!shown) continue;
    const formula = texts[index];
    const what = `${scene.unit(shown.unit).type} "${oneLine(clip(formula.text, 60))}"`;
    const cas = check.detail ? ` (checked by SymPy: ${check.detail})` : ' (checked by SymPy)';
    const at = `${what} (${scene.textLine(index)})`;
    const description =
      from === undefined
        ? `${at} is false: ${check.before ? `one of its lines does not follow from the line before: ${stepClaim(check)}` : claim(check)}${cas}.`
        : check.before === undefined
          ? `${at} continues "${oneLine(clip(texts[from].text, 60))}" above it, and ${claim(check)}${cas}.`
          : `${at} does not follow from the step before it, "${oneLine(clip(texts[from].text, 60))}": ${stepClaim(check)}${cas}.`;
    findings.push({
      severity: 'HIGH',
      unit: shown.unit,
      startMs: shown.startMs,
      endMs: shown.endMs,
      location: scene.place(scene.states[shown.i].get(shown.unit)!.box),
      description,
      suggestedFix: fix(scene, index, check, from),
    });
  }
  return findings.sort((a, b) => a.startMs - b.startMs);
}

/**
 * Where a shown text is first fully shown: opaque, with all it will show drawn (its widest box: the last line of
 * a block written line by line), nothing writing or fading it; the unit, the sample, and until when it shows the
 * text. When it never settles so, where it is first seen.
 */
function firstShown(scene: Scene, index: number): { unit: number; i: number; startMs: number; endMs: number } | null {
  const showing: { id: number; i: number }[] = [];
  for (let i = 0; i < scene.samples.length; i++)
    for (const id of scene.states[i].keys()) if (scene.textAt(i, id) === index) showing.push({ id, i });
  if (showing.length === 0) return null;
  // Widest among the settled samples: a Write's outline strokes draw wider than the formula they leave.
  const settled = showing.filter(
    ({ id, i }) => opacityOf(scene.states[i].get(id)!) >= SCENE_RULES.settledOpacity && !scene.rewriting(i, id),
  );
  const widest = new Map<number, number>();
  for (const { id, i } of settled) widest.set(id, Math.max(widest.get(id) ?? 0, area(scene.states[i].get(id)!.box)));
  const { id, i } = settled.find(({ id, i }) => area(scene.states[i].get(id)!.box) >= widest.get(id)! * 0.98) ?? showing[0];
  let j = i;
  while (j + 1 < scene.samples.length && scene.states[j + 1].has(id) && scene.textAt(j + 1, id) === index) j++;
  return { unit: id, i, startMs: scene.samples[i].timeMs, endMs: scene.endOf(j) };
}

function claim(c: MathCheck): string {
  const sides = `${c.left ?? '?'} ${c.relation ?? '='} ${c.right ?? '?'}`;
  switch (c.claim) {
    case 'arithmetic':
      return `\`${sides}\` does not hold`;
    case 'identity':
      return `it claims \`${sides}\` for all values, and it is not an identity`;
    case 'antiderivative':
      return `\`${c.right}\` is not an antiderivative of what \`${c.left}\` integrates (its derivative differs)`;
    default:
      return `\`${sides}\` is not what the operator gives`;
  }
}

function stepClaim(c: MathCheck): string {
  return c.claim === 'expression step'
    ? `\`${c.before}\` becomes \`${c.after}\`, which is not equal to it`
    : `\`${c.before}\` becomes \`${c.after}\`, which is not implied by it`;
}

/** The CAS's correct form where it computed one: "line 12: `x^2 - y^2` should read `x^{2} - 2 x y + y^{2}`". */
function fix(scene: Scene, index: number, c: MathCheck, from?: number): string {
  const at = scene.textLine(index);
  if (c.expected) {
    const written = c.after ?? c.right ?? scene.timeline.texts![index].text;
    return `${at}: \`${oneLine(clip(written, 80))}\` should read \`${oneLine(clip(c.expected, 120))}\` (the computer algebra system's form); check the steps that lead to it.`;
  }
  return from === undefined
    ? `${at}: correct the formula so that both sides agree, and check the steps that lead to it.`
    : `${at}: redo the step from "${oneLine(clip(scene.timeline.texts![from].text, 60))}" so that it follows.`;
}

export const mathError: SceneRule = { kind: 'VISUAL_VALIDATION_JSON', category: 'math_error', layout: false, observe: mathErrors };
