import path from 'node:path';

/** True in the compiled build (dist/, `npm run build`), false when the TypeScript sources run (tsx, vitest). */
export const COMPILED = path.extname(__filename) === '.js';
/** The repository root: this file is src/config/project.ts, or dist/src/config/project.js in the compiled build. */
export const PROJECT_ROOT = path.resolve(__dirname, COMPILED ? '../../..' : '../..');
/** The service's version, from package.json at the root (the compiled build has no copy of it). */
export const PACKAGE_VERSION = (require(path.join(PROJECT_ROOT, 'package.json')) as { version: string }).version;

/** Where `evals setup --manim` installs Manim, and the Python the scene inspector runs by default. */
export const MANIM_VENV = path.join(PROJECT_ROOT, '.tools', 'manim-venv');
