import { describe, expect, it } from 'vitest';
import { frameSplitter } from '../../src/media/signal';

/** The frames of `bytes` (frames of `frameBytes`), fed to a splitter in chunks of the given sizes. */
function split(bytes: Buffer, frameBytes: number, chunkSizes: number[]): string[] {
  const frames: string[] = [];
  const push = frameSplitter(frameBytes, (frame) => frames.push(frame.toString('hex')));
  let offset = 0;
  for (let i = 0; offset < bytes.length; i++) {
    const size = chunkSizes[i % chunkSizes.length];
    push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return frames;
}

describe('frameSplitter', () => {
  const frameBytes = 12;
  // Seven whole frames and a partial eighth, each byte its own position.
  const bytes = Buffer.from(Array.from({ length: 7 * frameBytes + 5 }, (_, i) => i));
  const whole = Array.from({ length: 7 }, (_, f) => bytes.subarray(f * frameBytes, (f + 1) * frameBytes).toString('hex'));

  it.each([[[1]], [[5]], [[12]], [[13]], [[100]], [[3, 30, 7]], [[11, 1, 25]]])(
    'gives every whole frame once, in order, whatever the chunks (%j)',
    (chunkSizes) => {
      expect(split(bytes, frameBytes, chunkSizes)).toEqual(whole);
    },
  );
});
