import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig, PROJECT_ROOT } from '../../src/config';

/** The inspector's own Python tests (scene-inspector/tests), on the Manim the project installs. */
it('the scene inspector passes its own tests on real Manim', () => {
  const { python } = loadConfig({}).scene;
  const run = spawnSync(python, ['-m', 'unittest', 'discover', '-s', 'tests', '-v'], {
    cwd: path.join(PROJECT_ROOT, 'scene-inspector'),
    encoding: 'utf8',
    timeout: 600_000,
  });
  expect(run.status, run.stderr.slice(-4000)).toBe(0);
  expect(run.stderr).toMatch(/Ran 19 tests in .*\n\nOK/);
}, 600_000);
