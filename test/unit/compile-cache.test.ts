import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config';

const COMPILE_CACHE = path.join(PROJECT_ROOT, 'bin', 'compile-cache.js');

describe('the compiled build’s code cache (bin/compile-cache.js)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * A directory with `files`, and `run(stamp)`: node loading its main.js through the cache under that
   * stamp of installed packages, what it printed, which modules V8 took from the cache and which
   * requires Node resolved itself (the others came from the cache).
   */
  function project(files: Record<string, string>) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-compile-cache-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    const cache = path.join(dir, 'compile-cache');
    const entry = `
      const vm = require('node:vm');
      const Script = vm.Script;
      const fromCache = [];
      const resolvedByNode = [];
      const Module = require('node:module');
      const resolve = Module._resolveFilename;
      Module._resolveFilename = function (request) {
        if (!Module.isBuiltin(request) && !require('node:path').isAbsolute(request)) resolvedByNode.push(request);
        return resolve.apply(this, arguments);
      };
      vm.Script = function (source, options) {
        const script = new Script(source, options);
        if (script.cachedDataRejected === false) fromCache.push(require('node:path').basename(options.filename));
        return script;
      };
      require(${JSON.stringify(COMPILE_CACHE)}).installCompileCache(${JSON.stringify(cache)}, process.env.STAMP);
      Promise.resolve(require(${JSON.stringify(path.join(dir, 'main.js'))})).then((out) => {
        console.log(JSON.stringify({ out, fromCache, resolvedByNode }));
      });`;
    return {
      dir,
      cache,
      write: (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text),
      rm: (name: string) => fs.rmSync(path.join(dir, name)),
      run(stamp = 'installed'): { out: unknown; fromCache: string[]; resolvedByNode: string[] } {
        const run = spawnSync(process.execPath, ['-e', entry], { encoding: 'utf8', cwd: dir, env: { ...process.env, STAMP: stamp } });
        expect(run.status, run.stderr).toBe(0);
        return JSON.parse(run.stdout);
      },
    };
  }

  it('runs modules as Node does, and from the cache on the next run', () => {
    const p = project({
      'main.js': `const dep = require('./lib/dep');
        module.exports = { dep, dirname: __dirname, file: __filename, resolved: require.resolve('./lib/dep'), main: typeof require.main };`,
      'lib/dep.js': '#!/usr/bin/env node\nexports.answer = 6 * 7;\nexports.self = module.exports === exports;\n',
    });
    const first = p.run();
    expect(first.out).toEqual({
      dep: { answer: 42, self: true },
      dirname: p.dir,
      file: path.join(p.dir, 'main.js'),
      resolved: path.join(p.dir, 'lib', 'dep.js'),
      main: 'undefined',
    });
    expect(first.fromCache).toEqual([]);
    expect(fs.existsSync(p.cache)).toBe(true);
    const written = fs.statSync(p.cache).mtimeMs;

    const second = p.run();
    expect(second.out).toEqual(first.out);
    expect(second.fromCache.sort()).toEqual(['dep.js', 'main.js']);
    // Nothing new was compiled: the file is left as it was.
    expect(fs.statSync(p.cache).mtimeMs).toBe(written);
  });

  it('never runs a module’s old code once its source changed, even at the same length', () => {
    const p = project({ 'main.js': "module.exports = require('./value');", 'value.js': 'module.exports = 1;' });
    expect(p.run().out).toBe(1);
    p.write('value.js', 'module.exports = 2;');
    const changed = p.run();
    expect(changed.out).toBe(2);
    expect(changed.fromCache).toEqual(['main.js']);
    // The cache keeps both versions: the old one's entry is only dead weight, and the new one is now cached.
    expect(p.run().fromCache.sort()).toEqual(['main.js', 'value.js']);
  });

  it('leaves a module with a dynamic import() to Node, whose import still works', () => {
    const p = project({
      'main.js': "module.exports = import('node:path').then((m) => typeof m.join);",
    });
    expect(p.run().out).toBe('function');
    expect(p.run()).toMatchObject({ out: 'function', fromCache: [] });
  });

  it('runs without a cache when its file cannot be written, and ignores a damaged one', () => {
    const p = project({ 'main.js': 'module.exports = 3;' });
    fs.mkdirSync(p.cache);
    expect(p.run()).toMatchObject({ out: 3, fromCache: [] });
    fs.rmSync(p.cache, { recursive: true });
    fs.writeFileSync(p.cache, Buffer.from([255, 255, 255, 255, 1, 2, 3]));
    expect(p.run()).toMatchObject({ out: 3, fromCache: [] });
    expect(p.run()).toMatchObject({ out: 3, fromCache: ['main.js'] });
  });

  it('resolves a require where it led last time while that file exists and the packages are the same', () => {
    const p = project({
      'main.js': "module.exports = [require('dep'), require('./local')];",
      'local.js': "module.exports = 'local';",
      'node_modules/dep/package.json': '{"main": "one.js"}',
      'node_modules/dep/one.js': "module.exports = 'one';",
    });
    expect(p.run()).toMatchObject({ out: ['one', 'local'], resolvedByNode: ['dep', './local'] });
    expect(p.run()).toMatchObject({ out: ['one', 'local'], resolvedByNode: [] });

    // The package now leads elsewhere, under the same stamp: the file it led to is gone, so Node resolves again.
    p.write('node_modules/dep/package.json', '{"main": "two.js"}');
    p.write('node_modules/dep/two.js', "module.exports = 'two';");
    p.rm('node_modules/dep/one.js');
    expect(p.run()).toMatchObject({ out: ['two', 'local'], resolvedByNode: ['dep'] });
    expect(p.run()).toMatchObject({ out: ['two', 'local'], resolvedByNode: [] });

    // Packages installed again (a new stamp): every resolution is Node's, even where the old file remains.
    p.write('node_modules/dep/package.json', '{"main": "three.js"}');
    p.write('node_modules/dep/three.js', "module.exports = 'three';");
    expect(p.run()).toMatchObject({ out: ['two', 'local'], resolvedByNode: [] });
    expect(p.run('installed again')).toMatchObject({ out: ['three', 'local'], resolvedByNode: ['dep', './local'] });
  });
});
