import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { findTemporalCli } from '../../src/infra/temporal';
import type { TestEnv } from './env';

const run = promisify(execFile);

/** `temporal worker deployment set-current-version`, as a deploy would run it; false until the version's workers have polled. */
export async function setCurrentVersion(env: TestEnv, deploymentName: string, buildId: string): Promise<boolean> {
  const cli = findTemporalCli(env.config)!;
  const args = [
    'worker',
    'deployment',
    'set-current-version',
    '--address',
    env.config.temporal.address!,
    '--deployment-name',
    deploymentName,
    '--build-id',
    buildId,
    '--yes',
  ];
  return run(cli, args).then(
    () => true,
    () => false,
  );
}
