import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { onPath } from '../src/infra/executables';

/**
 * Debian's Chromium, for tests that look at the visual report in a real
 * browser: CHROMIUM_PATH, else `chromium` on PATH; on a Debian machine run as
 * root (CI) it is installed on first use.
 */
export function findChromium(): string {
  const found = process.env.CHROMIUM_PATH ?? onPath('chromium') ?? onPath('chromium-browser');
  if (found) return found;
  if (process.getuid?.() === 0 && onPath('apt-get')) {
    process.stderr.write('installing Debian chromium for the report tests (apt-get install chromium)\n');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = onPath('chromium');
    if (installed) return installed;
  }
  throw new Error('the report tests need Chromium: apt-get install chromium (Debian), or set CHROMIUM_PATH to a Chromium binary');
}

/** A headless screenshot of a local HTML file, as Chromium renders it (no network, a fresh profile). */
export function screenshot(htmlFile: string, pngFile: string, size = { width: 1280, height: 2400 }): void {
  const profile = fs.mkdtempSync(`${pngFile}.profile-`);
  try {
    const result = spawnSync(
      findChromium(),
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--hide-scrollbars',
        `--user-data-dir=${profile}`,
        `--window-size=${size.width},${size.height}`,
        `--screenshot=${pngFile}`,
        `file://${htmlFile}`,
      ],
      { timeout: 60_000, encoding: 'utf8' },
    );
    if (!fs.existsSync(pngFile)) throw new Error(`chromium made no screenshot (exit ${result.status}): ${result.stderr?.slice(-400)}`);
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
