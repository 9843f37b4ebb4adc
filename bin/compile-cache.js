// A V8 code cache for the compiled build's CommonJS modules, what Node 22's module.enableCompileCache()
// does natively (the image runs Node 20), and where each `require` led last time. `evals run` compiles
// some 1,100 modules before its first pipeline, the Temporal SDK's most of them; from the cache V8 skips
// parsing and compiling them, and the functions they ran last time too, and Node skips the stats and
// package.json reads of some 2,400 resolutions (docs/benchmarks.md, "CLI start-up").
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');
const zlib = require('node:zlib');

/** The file: entries of [key length, key, data length, data], lengths as 32-bit little-endian. */
function readEntries(file) {
  const entries = new Map();
  let buf;
  try {
    buf = fs.readFileSync(file);
  } catch {
    return entries;
  }
  for (let at = 0; at + 4 <= buf.length; ) {
    const keyEnd = at + 4 + buf.readUInt32LE(at);
    if (keyEnd + 4 > buf.length) break;
    const dataEnd = keyEnd + 4 + buf.readUInt32LE(keyEnd);
    if (dataEnd > buf.length) break;
    entries.set(buf.toString('utf8', at + 4, keyEnd), buf.subarray(keyEnd + 4, dataEnd));
    at = dataEnd;
  }
  return entries;
}

function writeEntries(file, entries) {
  const parts = [];
  for (const [key, data] of entries) {
    const keyBytes = Buffer.from(key, 'utf8');
    const lengths = Buffer.alloc(8);
    lengths.writeUInt32LE(keyBytes.length, 0);
    lengths.writeUInt32LE(data.length, 4);
    parts.push(lengths.subarray(0, 4), keyBytes, lengths.subarray(4), data);
  }
  // Written aside and renamed: a command starting meanwhile reads the old file or the new one, whole.
  const aside = `${file}.${process.pid}`;
  try {
    fs.writeFileSync(aside, Buffer.concat(parts));
    fs.renameSync(aside, file);
  } catch {
    // A read-only build (the image's) runs without a cache.
    fs.rmSync(aside, { force: true });
  }
}

/** The `require` Node hands a module: its own, resolving from where it is. */
function requireOf(mod) {
  const require = (id) => mod.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, mod, false, options);
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, mod);
  require.main = process.mainModule;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return require;
}

/** Keys of resolutions: the requiring module's directory and the request (code is keyed by its file, an absolute path). */
const RESOLVED = 'resolved\0';
/** The key of the stamp the resolutions were made under. */
const STAMP = 'stamp\0';

/**
 * Where `require(request)` from a module in `dir` led last time: a file that still exists, under the
 * same `stamp` (what the resolutions depend on beside the build: the installed packages). Only plain
 * requires of files; Node resolves the rest (built-ins, `require.resolve` with options, the main module).
 */
function installResolutionCache(cached, stamp) {
  const learned = new Map();
  if (cached.get(STAMP)?.toString('utf8') !== stamp) for (const key of cached.keys()) if (key.startsWith(RESOLVED)) cached.delete(key);
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function resolveCached(...args) {
    const [request, parent, isMain, options] = args;
    if (isMain || options || !parent?.filename || Module.isBuiltin(request)) return resolve.apply(this, args);
    const key = `${RESOLVED}${path.dirname(parent.filename)}\0${request}`;
    const hit = cached.get(key)?.toString('utf8');
    if (hit !== undefined && fs.existsSync(hit)) return hit;
    const filename = resolve.apply(this, args);
    if (path.isAbsolute(filename)) learned.set(key, Buffer.from(filename, 'utf8'));
    return filename;
  };
  return learned;
}

/**
 * Compiles CommonJS modules through `file`'s cache from now on, and resolves their requires through it,
 * and at exit, when any module or resolution was not in it (first run, a new build, another command's
 * modules), writes it again with what this process ran. Code is keyed by its file and the source's CRC-32,
 * the check Node 22's own cache makes: V8's own check of cached data compares the source's length only.
 * `stamp` names the installed packages.
 */
function installCompileCache(file, stamp = '') {
  // Node 20 before 20.15 has no CRC-32: it runs without the cache.
  if (typeof zlib.crc32 !== 'function') return;
  const cached = readEntries(file);
  const compiled = new Map();
  const resolved = installResolutionCache(cached, stamp);
  const compile = Module.prototype._compile;
  Module.prototype._compile = function compileCached(content, filename) {
    // Left to Node: on Node 20, a script made from cached data loses its dynamic import()'s callback.
    if (content.includes('import(')) return compile.call(this, content, filename);
    const source = Module.wrap(content.startsWith('#!') ? `//${content}` : content);
    const key = `${filename}\0${zlib.crc32(source)}`;
    const script = new vm.Script(source, { filename, cachedData: cached.get(key) });
    if (script.cachedDataRejected !== false) compiled.set(key, script);
    const fn = script.runInThisContext({ displayErrors: true });
    return fn.call(this.exports, this.exports, requireOf(this), this, filename, path.dirname(filename));
  };
  process.once('exit', () => {
    if (compiled.size === 0 && resolved.size === 0) return;
    for (const [key, script] of compiled) cached.set(key, script.createCachedData());
    for (const [key, filename] of resolved) cached.set(key, filename);
    cached.set(STAMP, Buffer.from(stamp, 'utf8'));
    writeEntries(file, cached);
  });
}

module.exports = { installCompileCache };
