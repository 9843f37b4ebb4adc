import type Sharp from 'sharp';

/**
 * sharp (libvips), loaded on first use rather than on import: the modules that encode or measure
 * frames are loaded by every command that runs a worker, and `evals run` loads them while its
 * servers start, where its first use (after ffmpeg has decoded) costs nothing on the critical path.
 */
export const sharp = (...args: Parameters<typeof Sharp>): ReturnType<typeof Sharp> => (require('sharp') as typeof Sharp)(...args);
