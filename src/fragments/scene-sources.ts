import path from 'node:path';
import { MAX_SOURCE_BYTES, MAX_SOURCE_FILES } from '../domain/text-limits';
import { readLocalFile } from '../infra/local-file';

/**
 * A fragment's scene source: the Python files among its generated files
 * (`files` of the REST interface, whose contents the interface leaves open: a
 * map of path to text, path to an object with the text, or a list of such
 * objects are all read). Bounded where it enters, since it travels in the
 * workflow's history.
 */

export interface SceneSource {
  /** A relative path (`scene.py`, `lib/helpers.py`). */
  name: string;
  content: string;
}

/**
 * `depth`: directories above a file (`scene.py` is 0, `lib/helpers.py` 1). A
 * scene importing from its folders imports them as namespace packages, which
 * Python walks at a cost that doubles with every level (measured: 0.9 s of CPU
 * at 20 levels, 31 s at 25): 16 is more than any project nests and costs about
 * 50 ms; 60 would never finish.
 */
export const SOURCE_LIMITS = { files: MAX_SOURCE_FILES, totalBytes: MAX_SOURCE_BYTES, depth: 16 } as const;

const SAFE_NAME = /^(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9_./-]{0,199}$/;

/** Whether a path is one the inspector will write: relative, no `..`, plain characters. */
export const isSafeSourceName = (name: string) => SAFE_NAME.test(name) && !name.startsWith('/');

/** The Python sources of a fragment's `files`, and a note on what was left out. */
export function pythonSources(files: unknown): { sources: SceneSource[]; note: string | null } {
  const entries: [string, unknown][] = Array.isArray(files)
    ? files.map((f) => [String((f as { path?: unknown; name?: unknown })?.path ?? (f as { name?: unknown })?.name ?? ''), f])
    : files && typeof files === 'object'
      ? Object.entries(files)
      : [];
  const sources: SceneSource[] = [];
  const skipped: string[] = [];
  const written = new Set<string>();
  let bytes = 0;
  for (const [name, value] of entries) {
    const content =
      typeof value === 'string'
        ? value
        : ['content', 'code', 'source', 'text'].map((k) => (value as Record<string, unknown>)?.[k]).find((v) => typeof v === 'string');
    if (!name.endsWith('.py') || typeof content !== 'string') continue;
    if (!isSafeSourceName(name) || /[\u0000]/.test(content)) {
      skipped.push(`${JSON.stringify(name.slice(0, 60))} (not a plain relative path or not text)`);
      continue;
    }
    // The path the inspector writes: `a//b.py` and `a/./b.py` are `a/b.py`.
    const file = path.posix.normalize(name);
    if (written.has(file)) {
      skipped.push(`${name} (a second file at that path; the first is kept)`);
      continue;
    }
    if (file.split('/').length - 1 > SOURCE_LIMITS.depth) {
      skipped.push(`${JSON.stringify(name.slice(0, 60))} (more than ${SOURCE_LIMITS.depth} directories deep)`);
      continue;
    }
    written.add(file);
    bytes += Buffer.byteLength(content);
    if (sources.length >= SOURCE_LIMITS.files || bytes > SOURCE_LIMITS.totalBytes) {
      skipped.push(`${name} (over the limit of ${SOURCE_LIMITS.files} files, ${SOURCE_LIMITS.totalBytes / 1024} KB)`);
      continue;
    }
    sources.push({ name: file, content });
  }
  return {
    sources,
    note: skipped.length ? `Source files left out: ${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? ', …' : ''}` : null,
  };
}

/** Whether any source uses Manim (imports it): what the inspector can run. */
export function isManimScene(sources: readonly SceneSource[]): boolean {
  return sources.some((s) => /^\s*(from\s+manim(\.|\s)|import\s+manim\b)/m.test(s.content));
}

/**
 * Scene sources read from files (`evals run --source`, a labelled set's
 * scene), checked as a fragment's are bounded: each a readable Python text
 * file, names unique (the scene imports them by name), within the limits.
 * Errors name each file by its `label` and the files together as `group`.
 */
export function readSceneSources(files: readonly { file: string; label: string }[], group: string): SceneSource[] {
  const sources = files.map(({ file, label }) => {
    const content = readLocalFile(file, SOURCE_LIMITS.totalBytes, label);
    const name = path.basename(file);
    if (!name.endsWith('.py') || !isSafeSourceName(name)) throw new Error(`${label}: a scene source is a Python file (name.py)`);
    if (content.includes('\u0000')) throw new Error(`${label} is not a text file`);
    return { name, content };
  });
  const names = sources.map((s) => s.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`two ${group} are named ${twice}: the scene imports them by name`);
  const bytes = sources.reduce((sum, s) => sum + Buffer.byteLength(s.content), 0);
  if (sources.length > SOURCE_LIMITS.files || bytes > SOURCE_LIMITS.totalBytes) {
    throw new Error(
      `the ${group} are too large (${sources.length} files, ${Math.ceil(bytes / 1024)} KB; at most ${SOURCE_LIMITS.files} files, ${SOURCE_LIMITS.totalBytes / 1024} KB)`,
    );
  }
  return sources;
}

/** Whether a name is a Python class name the inspector can be asked for. */
export const isSceneClassName = (name: string) => /^[A-Za-z_][A-Za-z0-9_]{0,199}$/.test(name);
