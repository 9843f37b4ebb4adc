/**
 * Environment for a self-contained local stack (its own dev server and embedded
 * PostgreSQL in `dataDir`, the local judge), whatever the caller's shell has set.
 */
export function offlineEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, TEMPORAL_ADDRESS: '', DATABASE_URL: '', OPENAI_API_KEY: '', EVALS_PROVIDER: 'local', EVALS_DATA_DIR: dataDir, ...extra };
}
