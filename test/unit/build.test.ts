import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config';

const EVALS = path.join(PROJECT_ROOT, 'bin', 'evals.js');
const { BUILD_STAMP, buildIsCurrent } = require(EVALS) as { BUILD_STAMP: string; buildIsCurrent(root?: string): boolean };

describe('which code bin/evals.js runs', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });
  /** A checkout with its files at the given ages (seconds ago). */
  function checkout(files: Record<string, number>): string {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-build-'));
    roots.push(root);
    for (const [file, age] of Object.entries(files)) {
      const full = path.join(root, file);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, '');
      const at = new Date(Date.now() - age * 1000);
      fs.utimesSync(full, at, at);
    }
    return root;
  }

  it('the compiled build while no source file is newer than its stamp', () => {
    expect(
      buildIsCurrent(checkout({ [BUILD_STAMP]: 10, 'src/cli/main.ts': 60, 'workflows/index.ts': 60, 'activities/index.ts': 11 })),
    ).toBe(true);
  });

  it('the sources when one of them, however deep, was saved (or pulled) after the build started', () => {
    expect(buildIsCurrent(checkout({ [BUILD_STAMP]: 10, 'src/cli/main.ts': 60, 'src/db/migrations/010_next.sql': 5 }))).toBe(false);
    expect(buildIsCurrent(checkout({ [BUILD_STAMP]: 10, 'src/cli/main.ts': 60, 'workflows/index.ts': 1 }))).toBe(false);
  });

  it('the sources before the first build', () => {
    expect(buildIsCurrent(checkout({ 'src/cli/main.ts': 60 }))).toBe(false);
  });

  it('the compiled build in the image, which has no sources', () => {
    expect(buildIsCurrent(checkout({ [BUILD_STAMP]: 10, 'bin/evals.js': 60 }))).toBe(true);
  });

  it('in this checkout, the compiled build, without loading tsx', () => {
    // The test setup builds when a source is newer; a preload lists the modules the CLI loaded.
    const preload = path.join(checkout({}), 'loaded.js');
    fs.writeFileSync(preload, "process.on('exit', () => process.stderr.write(JSON.stringify(Object.keys(require.cache))));");
    const run = spawnSync(process.execPath, ['-r', preload, EVALS, '--version'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    const loaded = JSON.parse(run.stderr) as string[];
    expect(loaded).toContain(path.join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js'));
    expect(loaded.filter((file) => file.includes(`${path.sep}tsx${path.sep}`) || file.endsWith('.ts'))).toEqual([]);
  });
});

describe('which modules a command loads', () => {
  /** The node_modules packages `evals <args>` loaded, listed by a preload when it exits. */
  function packagesLoaded(args: string[]): string[] {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-loaded-'));
    try {
      const preload = path.join(dir, 'loaded.js');
      const list = path.join(dir, 'loaded.json');
      fs.writeFileSync(
        preload,
        `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(Object.keys(require.cache))));`,
      );
      const run = spawnSync(process.execPath, ['-r', preload, EVALS, ...args], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const files = JSON.parse(fs.readFileSync(list, 'utf8')) as string[];
      return [...new Set(files.flatMap((file) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1] ?? []))];
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it("loads that command's modules alone: neither the Temporal worker, sharp nor openai for `run --help` or `list --help`", () => {
    for (const command of ['run', 'list']) {
      const loaded = packagesLoaded([command, '--help']);
      expect(loaded, command).toContain('commander');
      expect(
        loaded.filter((p) => ['@temporalio/worker', 'sharp', 'openai'].includes(p)),
        command,
      ).toEqual([]);
    }
  });
});
