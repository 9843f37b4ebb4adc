import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { PROJECT_ROOT } from './config';

const WORKFLOWS_PATH = path.join(PROJECT_ROOT, 'workflows', 'index.ts');
const WORKFLOW_INTERCEPTORS_PATH = path.join(PROJECT_ROOT, 'workflows', 'interceptors.ts');

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

/**
 * Bundling takes seconds, so the bundle is cached in `cacheDir` by content hash:
 * the CLI's second run starts its worker at once.
 */
export async function workflowBundle(cacheDir: string): Promise<{ code: string }> {
  const file = path.join(cacheDir, `workflow-bundle-${bundleHash()}.js`);
  try {
    return { code: await fs.promises.readFile(file, 'utf8') };
  } catch {
    // not built yet
  }
  const bundle: WorkflowBundleWithSourceMap = await bundleWorkflowCode({
    workflowsPath: WORKFLOWS_PATH,
    workflowInterceptorModules: [WORKFLOW_INTERCEPTORS_PATH],
    logger: quietBundlerLogger,
  });
  await fs.promises.mkdir(cacheDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(tmp, bundle.code);
  await fs.promises.rename(tmp, file);
  return { code: bundle.code };
}

const noop = () => undefined;
const quietBundlerLogger = { log: noop, trace: noop, debug: noop, info: noop, warn: noop, error: noop };
