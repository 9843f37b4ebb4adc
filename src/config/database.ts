import os from 'node:os';
import path from 'node:path';
import { databaseUrl, port, positiveInt, secret, section, text } from './rules';

export const database = section({
  stack: true,
  variables: {
    DATABASE_URL: secret(databaseUrl.optional(), passwordOf),
    EVALS_EMBEDDED_PG_PORT: port().default(54329),
    // Within the judge activity's 10 minutes, beside a judge request and its re-ask.
    EVALS_DATABASE_OUTAGE_SECONDS: positiveInt.default(300),
  },
  build: (e) => ({
    /** Absent: the project starts embedded PostgreSQL in dataDir. */
    url: e.DATABASE_URL,
    embeddedPort: e.EVALS_EMBEDDED_PG_PORT,
    /** How long an activity holding paid-for work waits for PostgreSQL to answer again (src/db/outage.ts). */
    outageMs: e.EVALS_DATABASE_OUTAGE_SECONDS * 1000,
  }),
});

/** The password a connection string carries, as PostgreSQL receives it (percent-decoded when it decodes). */
function passwordOf(url: string): string {
  const { password } = new URL(url);
  try {
    return decodeURIComponent(password);
  } catch {
    return password;
  }
}

/** Where the local stack keeps its files (embedded PostgreSQL's among them). */
export const dataDir = section({
  stack: true,
  variables: { EVALS_DATA_DIR: text.optional() },
  build: (_e, env) => dataDirOf(env),
});

/** The data directory as `dataDir` builds it, for sections that keep files there (the scene's TeX cache). */
export const dataDirOf = (env: Readonly<Record<string, string>>): string => env.EVALS_DATA_DIR ?? defaultDataDir();

/**
 * Under the OS temp dir rather than the checkout: embedded PostgreSQL run as root
 * switches to the `postgres` user, which must be able to reach its data directory.
 */
function defaultDataDir(): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return path.join(os.tmpdir(), `eval-pipeline-${uid}`);
}
