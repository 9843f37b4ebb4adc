import type { EvalKind } from '../../domain/types';
import type { Observation, Scene } from '../scene';

/**
 * One scene rule: the frame kind its findings belong to, the issue category
 * they carry, whether the scene is the authority on that category (layout: the
 * pixels' guesses there are set aside) or adds what pixels cannot see (the
 * mathematics a formula claims, how long a text stays readable), and what it
 * observes in a recorded scene. A rule is one file in this folder plus its line
 * in `rules/index.ts`.
 */
export interface SceneRule {
  kind: EvalKind;
  category: string;
  layout: boolean;
  observe(scene: Scene): Observation[];
}
