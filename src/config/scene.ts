import path from 'node:path';
import { ACTIVITY_TIMEOUT_SECONDS } from '../domain/activity-timeouts';
import { dataDirOf } from './database';
import { MANIM_VENV } from './project';
import { oneOf, positiveInt, section, text, wholeNumber } from './rules';

/** Limits of the scene sandbox that operators have had no reason to change (docs/scene-inspection.md). */
const SCENE_FIXED_LIMITS = { processes: 32, outputBytes: 64 * 1024 * 1024, scratchBytes: 256 * 1024 * 1024 };

/** Running a fragment's Manim source to record its layout (docs/scene-inspection.md). */
export const scene = section({
  variables: {
    EVALS_SCENE_INSPECTION: oneOf(['auto', 'off']).default('auto'),
    EVALS_SCENE_SANDBOX: oneOf(['bwrap', 'unsandboxed']).default('bwrap'),
    EVALS_MANIM_PYTHON: text.optional(),
    // Below the inspection activity's timeout (ACTIVITY_TIMEOUT_SECONDS.inspectScene), with room to store the result.
    EVALS_SCENE_TIMEOUT_SECONDS: wholeNumber(1, ACTIVITY_TIMEOUT_SECONDS.inspectScene - 60).default(120),
    EVALS_SCENE_CPU_SECONDS: positiveInt.default(90),
    EVALS_SCENE_MEMORY_MB: wholeNumber(1, 65536).default(2048),
  },
  build: (e, env) => ({
    /** `off`: never run scene code; `auto`: inspect every fragment that has a Manim source. */
    inspection: e.EVALS_SCENE_INSPECTION,
    /** `unsandboxed` is the operator's explicit opt-out, for hosts without bubblewrap. */
    sandbox: e.EVALS_SCENE_SANDBOX,
    python: e.EVALS_MANIM_PYTHON ?? path.join(MANIM_VENV, 'bin', 'python'),
    /** Compiled TeX by the sha256 of its .tex text, a directory per user: read-only to scenes, filled by a TeX-only sandbox (src/scene/tex-cache.ts). */
    texCache: path.join(dataDirOf(env), 'tex-cache'),
    /** Whose scenes run with these settings (set per run, `forUser` in src/scene/tex-cache.ts): they read that user's TeX cache alone; null: none. */
    texCacheUser: null as string | null,
    limits: {
      wallMs: e.EVALS_SCENE_TIMEOUT_SECONDS * 1000,
      cpuSeconds: e.EVALS_SCENE_CPU_SECONDS,
      memoryBytes: e.EVALS_SCENE_MEMORY_MB * 1024 * 1024,
      ...SCENE_FIXED_LIMITS,
    },
  }),
});

export type SceneSettings = ReturnType<typeof scene.build>;
