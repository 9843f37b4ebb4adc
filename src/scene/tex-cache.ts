import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SceneSettings } from '../config';
import { TEX_TEXT_CHARS } from './inspection';
import { runSceneProgram, sceneTexCache } from './programs';

/**
 * The TeX cache: compiled TeX by the sha256 of its whole .tex text (Manim's
 * template and the formula), so a warm inspection or repair pays no compiler.
 * A directory per user: a scene's sandbox binds its user's alone (sceneTexCache
 * in ./sandbox.ts), so no scene reads another user's formulas, or learns that
 * anyone compiled one. Scenes read it read-only (scene-inspector/inspect_scene.py,
 * install_tex_cache); only this module writes it, with SVGs compiled again in a
 * sandbox of their own that runs no scene code, from the texts the inspector
 * reports it compiled. Both sides check an entry before trusting it
 * (docs/scene-inspection.md).
 */

/** Bounds of an entry and of the whole cache; past the bound the oldest entries go. */
export const MAX_SVG_BYTES = 1 << 20;
const MAX_CACHE_BYTES = 256 * 1024 * 1024;
/** Texts compiled per fill: what one inspection can add. */
const MAX_TEXTS_PER_FILL = 64;

export const texKey = (text: string): string => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** The settings for scenes of one user: the TeX cache they read and fill is that user's. */
export const forUser = (settings: SceneSettings, userId: string): SceneSettings => ({ ...settings, texCacheUser: userId });

/** Whole (not cut off) SVG as dvisvgm writes it, within the size bound; inspect_scene.py's is_dvisvgm_svg is its twin. */
export function isDvisvgmSvg(svg: Buffer): boolean {
  const head = svg.subarray(0, 400).toString('latin1');
  return (
    svg.length <= MAX_SVG_BYTES &&
    head.startsWith('<?xml') &&
    head.includes('dvisvgm') &&
    head.includes('<svg') &&
    svg.toString('latin1').trimEnd().endsWith('</svg>')
  );
}

/** The cached SVG of a .tex text when its entry holds this very text and passes the checks, else null. */
export function cachedSvg(dir: string, text: string): Buffer | null {
  const key = texKey(text);
  try {
    if (fs.readFileSync(path.join(dir, `${key}.tex`), 'utf8') !== text) return null;
    const svg = fs.readFileSync(path.join(dir, `${key}.svg`));
    return isDvisvgmSvg(svg) ? svg : null;
  } catch {
    return null;
  }
}

export interface TexFill {
  /** Entries added. */
  added: number;
  /** Texts the TeX-only sandbox could not compile, or whose SVG failed the checks. */
  failed: number;
  wallMs: number;
}

/** Less time than this left in the scene's wall limit: the cache is not filled this time. */
const MIN_FILL_MS = 5000;

/**
 * Compiles the texts an inspection reports compiling (untrusted: the scene may
 * have written them) in a TeX-only sandbox, within `wallMs` (what is left of
 * the scene's wall limit, so inspecting and filling stay within it), and stores
 * each checked SVG. Never throws for what the texts do: a text that does not
 * compile, or is not reached in time, is left out.
 */
export async function fillTexCache(
  texts: readonly string[],
  settings: SceneSettings,
  wallMs: number,
  cancel?: AbortSignal,
): Promise<TexFill> {
  const dir = sceneTexCache(settings);
  if (dir === null) return { added: 0, failed: 0, wallMs: 0 };
  const wanted = [...new Set(texts)].filter((t) => t.length <= TEX_TEXT_CHARS && cachedSvg(dir, t) === null).slice(0, MAX_TEXTS_PER_FILL);
  if (wanted.length === 0 || wallMs < MIN_FILL_MS) return { added: 0, failed: wanted.length, wallMs: 0 };
  const limited = { ...settings, limits: { ...settings.limits, wallMs } };
  const run = await runSceneProgram('compile_tex.py', JSON.stringify({ texts: wanted }), limited, cancel);
  if ('refused' in run) return { added: 0, failed: wanted.length, wallMs: 0 };
  // One line per text, in order; a cut-off last line is left out.
  const lines = run.stdout.toString('utf8').split('\n').slice(0, -1);
  let added = 0;
  lines.slice(0, wanted.length).forEach((line, i) => {
    let svg: unknown;
    try {
      svg = (JSON.parse(line) as { svg?: unknown }).svg;
    } catch {
      return;
    }
    const bytes = typeof svg === 'string' ? Buffer.from(svg, 'utf8') : null;
    if (bytes && isDvisvgmSvg(bytes)) {
      store(dir, wanted[i], bytes);
      added++;
    }
  });
  if (added > 0) prune(settings.texCache);
  return { added, failed: wanted.length - added, wallMs: run.wallMs };
}

/** Text first, SVG last, each by rename: a reader never sees a half-written entry as whole. */
function store(dir: string, text: string, svg: Buffer): void {
  const key = texKey(text);
  for (const [ext, data] of [
    ['tex', Buffer.from(text, 'utf8')],
    ['svg', svg],
  ] as const) {
    const tmp = path.join(dir, `.${key}.${ext}.${process.pid}.${crypto.randomUUID()}`);
    fs.writeFileSync(tmp, data, { mode: 0o644 });
    fs.renameSync(tmp, path.join(dir, `${key}.${ext}`));
  }
}

/**
 * Removes the least recently written entries, of every user, while the whole cache is over its bound; and the
 * entries kept in the root before the cache was per user, which no scene reads any more and which hold every
 * user's formulas.
 */
function prune(root: string): void {
  for (const entry of fs.readdirSync(root, { withFileTypes: true }))
    if (entry.isFile() && !entry.name.startsWith('.')) fs.rmSync(path.join(root, entry.name), { force: true });
  const users = path.join(root, 'users');
  const files = fs.readdirSync(users).flatMap((user) =>
    fs
      .readdirSync(path.join(users, user))
      .filter((name) => !name.startsWith('.'))
      .map((name) => {
        const file = path.join(users, user, name);
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        return { file, bytes: stat?.size ?? 0, mtimeMs: stat?.mtimeMs ?? 0 };
      }),
  );
  let total = files.reduce((sum, f) => sum + f.bytes, 0);
  for (const f of files.sort((a, b) => a.mtimeMs - b.mtimeMs)) {
    if (total <= MAX_CACHE_BYTES) break;
    fs.rmSync(f.file, { force: true });
    total -= f.bytes;
  }
}
