#!/usr/bin/env node
// Runs the compiled build (dist/, made by `npm run build`, which `npm ci` runs) while no source file is
// newer than it; otherwise (not built yet, or sources edited or pulled since) the TypeScript sources
// through tsx, so what runs is always the code in the checkout. The image has dist/ and no sources.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
/** Relative to the root; written last by `npm run build`, modified at the time the build started. */
const BUILD_STAMP = path.join('dist', 'build-stamp');
/** Relative to the root; the compiled modules' code cache (bin/compile-cache.js), removed by each build. */
const COMPILE_CACHE = path.join('dist', 'compile-cache');
const SOURCE_DIRS = ['src', 'workflows', 'activities'];

/** The newest modification time of the files under `dir`; 0 when it does not exist. */
function newestIn(dir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let newest = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Whether dist/ holds the sources as they are: one stat per source file, a few milliseconds. */
function buildIsCurrent(root = ROOT) {
  let built;
  try {
    built = fs.statSync(path.join(root, BUILD_STAMP)).mtimeMs;
  } catch {
    return false;
  }
  return SOURCE_DIRS.every((dir) => newestIn(path.join(root, dir)) <= built);
}

/** What decides where a package's `require` leads besides the build: the installed packages (npm rewrites this file at every install), NODE_PATH. */
function installedPackages() {
  try {
    return `${fs.statSync(path.join(ROOT, 'node_modules', '.package-lock.json')).mtimeMs} ${process.env.NODE_PATH ?? ''}`;
  } catch {
    return '';
  }
}

module.exports = { BUILD_STAMP, COMPILE_CACHE, buildIsCurrent };

if (require.main === module) {
  let cli;
  if (buildIsCurrent()) {
    require('./compile-cache').installCompileCache(path.join(ROOT, COMPILE_CACHE), installedPackages());
    cli = require('../dist/src/cli/main.js');
  } else {
    require('tsx/cjs');
    cli = require('../src/cli/main.ts');
  }
  cli.main(process.argv.slice(2)).then((code) => process.exit(code));
}
