import type { EvalKind } from '../../domain/types';
import type { Observation, Scene } from '../scene';

/**
 * One layout rule: the frame kind its findings belong to, the issue category
 * they carry, and what it observes in a recorded scene. A rule is one file in
 * this folder plus its line in `rules/index.ts`.
 */
export interface SceneRule {
  kind: EvalKind;
  category: string;
  observe(scene: Scene): Observation[];
}
