import type { EvalKind } from '../../domain/types';
import type { KindCategory } from '../../kinds';
import type { Observation, Scene } from '../scene';

/**
 * One scene rule: the frame kind its findings belong to, the issue category
 * they carry (one of that kind's own: the compiler refuses another kind's), whether the scene is the
 * authority on that category (layout: the pixels' guesses there are set aside; colour: as far as the
 * recording has the colours) or adds what pixels
 * cannot see (the mathematics a formula claims, how long a text stays readable), and what it
 * observes in a recorded scene. A rule is one file in this folder plus its entry in `rules/index.ts`
 * (and in `repair/rules.ts`, which the compiler asks for).
 */
export type SceneRule = { [K in EvalKind]: RuleOf<K> }[EvalKind];

interface RuleOf<K extends EvalKind> {
  kind: K;
  category: KindCategory<K>;
  layout: boolean;
  /** Judges colours: where randomness the render did not seed chose a unit's, this rule leaves the unit to the pixels. */
  colour?: true;
  observe(scene: Scene): Observation[];
}
