#!/usr/bin/env node
// Runs the TypeScript sources directly, so a fresh clone needs no build step.
require('tsx/cjs');
require('../src/cli/main.ts')
  .main(process.argv.slice(2))
  .then((code) => process.exit(code));
