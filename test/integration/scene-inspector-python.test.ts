import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig, PROJECT_ROOT } from '../../src/config';

/** The inspector's own Python tests (scene-inspector/tests), on the Manim the project installs. */
it('the scene inspector passes its own tests on real Manim', () => {
  const { python } = loadConfig({}).scene;
  const dir = path.join(PROJECT_ROOT, 'scene-inspector');
  // Every test the files define ran: none left out by discovery or an import that failed.
  const defined = fs
    .readdirSync(path.join(dir, 'tests'))
    .filter((f) => f.endsWith('.py'))
    .reduce((n, f) => n + (fs.readFileSync(path.join(dir, 'tests', f), 'utf8').match(/^\s+def test_/gm)?.length ?? 0), 0);
  const run = spawnSync(python, ['-m', 'unittest', 'discover', '-s', 'tests', '-v'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 600_000,
  });
  expect(run.status, run.stderr.slice(-4000)).toBe(0);
  expect(defined).toBeGreaterThan(0);
  expect(run.stderr).toMatch(new RegExp(`Ran ${defined} tests in .*\n\nOK`));
}, 600_000);
