import fs from 'node:fs';

/**
 * Fills a scratch directory beside `target` and renames it into place once whole, so an interrupted
 * install is never used; when another test run's install landed first, that one is kept.
 */
export async function installStaged(target: string, fill: (staging: string) => void | Promise<void>): Promise<void> {
  const staging = fs.mkdtempSync(`${target}.partial-`);
  try {
    await fill(staging);
    fs.chmodSync(staging, 0o755);
    try {
      fs.renameSync(staging, target);
    } catch (err) {
      if (!fs.existsSync(target)) throw err;
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
