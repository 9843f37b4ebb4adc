/**
 * `npm run test:python`: the scene inspector's own Python tests (scene-inspector/tests) on the Manim the project
 * pins, installed first when it is not there yet (as `evals setup --manim` does), or on EVALS_MANIM_PYTHON's.
 * Arguments go to unittest (`npm run test:python -- -v -k derivation`). The suite runs the same tests through
 * test/integration/scene-inspector-python.test.ts.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config';
import { ensureManim } from '../src/infra/manim';

const python = process.env.EVALS_MANIM_PYTHON ?? ensureManim((line) => console.error(line));
const run = spawnSync(python, ['-m', 'unittest', 'discover', '-s', 'tests', ...process.argv.slice(2)], {
  cwd: path.join(PROJECT_ROOT, 'scene-inspector'),
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
