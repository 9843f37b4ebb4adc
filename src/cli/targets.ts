import fs from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import { fileProblem } from '../infra/local-file';
import { UsageError } from './io';

/** Containers `evals run` picks up from a directory (the extraction accepts the same formats). */
const VIDEO_EXTENSIONS = new Set(['.mp4', '.mov', '.m4v', '.webm', '.mkv']);

export const isUrl = (target: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(target);
const isGlob = (target: string) => /[*?[\]{}]/.test(target);

/** Every path must be a readable file, checked before anything starts. */
export function readableFiles(files: readonly string[]): void {
  for (const file of files) {
    const problem = fileProblem(file);
    if (problem) throw new UsageError(`cannot read ${file}: ${problem}`);
  }
}

/**
 * The animations of an `evals run` command line: URLs as given, files, the
 * videos in a directory (not its subdirectories), and glob patterns (quoted, so
 * the shell leaves them to us), in order and without repeats.
 */
export function resolveTargets(targets: readonly string[]): string[] {
  const resolved: string[] = [];
  for (const target of targets) {
    if (isUrl(target)) {
      resolved.push(target);
      continue;
    }
    if (isGlob(target) && !fs.existsSync(target)) {
      const matches = globSync(target, { onlyFiles: true, absolute: true })
        .filter((f) => VIDEO_EXTENSIONS.has(path.extname(f).toLowerCase()))
        .sort();
      if (matches.length === 0) throw new UsageError(`no video files match ${target}`);
      resolved.push(...matches);
      continue;
    }
    if (fs.existsSync(target) && fs.statSync(target).isDirectory()) {
      const videos = fs
        .readdirSync(target)
        .filter((f) => VIDEO_EXTENSIONS.has(path.extname(f).toLowerCase()))
        .sort()
        .map((f) => path.resolve(target, f));
      if (videos.length === 0) throw new UsageError(`no video files (${[...VIDEO_EXTENSIONS].join(', ')}) in directory ${target}`);
      resolved.push(...videos);
      continue;
    }
    readableFiles([target]);
    resolved.push(path.resolve(target));
  }
  return [...new Set(resolved)];
}
