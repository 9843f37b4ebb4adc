import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Two cores: integration files share one dev server and one PostgreSQL.
    maxWorkers: 2,
    pool: 'forks',
  },
});
