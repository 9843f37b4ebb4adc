import { defineConfig } from 'vitest/config';
import LongFilesFirst from './test/helpers/sequencer';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Integration files share one dev server and one PostgreSQL, and much of their time waits on them, on
    // ffmpeg or on the sandbox: three files at once keep two cores busy.
    maxWorkers: 3,
    pool: 'forks',
    sequence: { sequencer: LongFilesFirst },
  },
});
