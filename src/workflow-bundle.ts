import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, type WorkflowBundleOption } from '@temporalio/worker';
import { COMPILED, PROJECT_ROOT } from './config';

const WORKFLOWS_PATH = path.join(PROJECT_ROOT, 'workflows', 'index.ts');
const WORKFLOW_INTERCEPTORS_PATH = path.join(PROJECT_ROOT, 'workflows', 'interceptors.ts');
/** The compiled build's bundle, written by `npm run build` from the same sources as the rest of dist/. */
const BUILT_BUNDLE = path.join(PROJECT_ROOT, 'dist', 'workflow-bundle.js');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** Identifies the workflow code: any change to sources or the SDK version gives a new bundle. */
function bundleHash(): string {
  const hash = crypto.createHash('sha256');
  hash.update(require('@temporalio/workflow/package.json').version as string);
  for (const file of [...sourceFiles(path.join(PROJECT_ROOT, 'workflows')), ...sourceFiles(path.join(PROJECT_ROOT, 'src'))].sort()) {
    hash.update(file).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

async function bundle(): Promise<string> {
  const { code } = await bundleWorkflowCode({
    workflowsPath: WORKFLOWS_PATH,
    workflowInterceptorModules: [WORKFLOW_INTERCEPTORS_PATH],
    logger: quietBundlerLogger,
    // The inline source map keeps each line's origin (stack traces name the TypeScript file and line) but
    // not the sources' text, a megabyte every worker decoded and parsed at its creation (docs/benchmarks.md).
    webpackConfigHook: (config) => ({ ...config, devtool: 'inline-nosources-source-map' }),
  });
  return code;
}

async function writeAtomically(file: string, code: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(tmp, code);
  await fs.promises.rename(tmp, file);
}

/** `npm run build`: bundles the workflow code into dist/ for the compiled build. */
export async function writeBuiltWorkflowBundle(): Promise<void> {
  await writeAtomically(BUILT_BUNDLE, await bundle());
}

/**
 * The compiled build loads the bundle built with it. Run from the TypeScript sources (tsx, tests), the
 * code is bundled at start, which takes seconds, so the bundle is cached in `cacheDir` by content hash:
 * the CLI's second run starts its worker at once.
 */
export async function workflowBundle(cacheDir: string): Promise<WorkflowBundleOption> {
  if (COMPILED && fs.existsSync(BUILT_BUNDLE)) return { codePath: BUILT_BUNDLE };
  const file = path.join(cacheDir, `workflow-bundle-${bundleHash()}.js`);
  try {
    return { code: await fs.promises.readFile(file, 'utf8') };
  } catch {
    // not built yet
  }
  const code = await bundle();
  await writeAtomically(file, code);
  return { code };
}

const noop = () => undefined;
const quietBundlerLogger = { log: noop, trace: noop, debug: noop, info: noop, warn: noop, error: noop };
