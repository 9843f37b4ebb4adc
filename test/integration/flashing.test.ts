import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { FLASHING_SET, flashingMistake, judgeFlashing } from '../../testkit/flashing-set';

const config = loadConfig({ EVALS_PROVIDER: 'local' });
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-flashing-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

describe('flashing by area (WCAG 2.3.1, IRIS extended failure) on the labelled flashing set', () => {
  it.each(FLASHING_SET.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const found = await judgeFlashing(c, config, workDir);
    expect(flashingMistake(c, found), `${c.what}: ${found.map((f) => f.description).join(' | ')}`).toBeNull();
  });
});
