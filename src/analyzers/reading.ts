import { area, intersection, type FrameBox } from '../domain/geometry';
import type { IssueDraft } from '../domain/judgement';
import { formatTimestamp } from '../media/manifest';
import { seconds, type AnalysisContext } from './context';
import type { FrameMeasures } from './frame-measures';
import type { ScreenItem } from './objects/screen-items';

/**
 * Reading time from pixels, where the sampled frames can tell: a block of text
 * lines that appear together in one run of sampled frames and are gone in the
 * frames on both sides was on screen for at most the time between those two
 * frames. When that is under half of what its characters take to read, it is
 * too brief (MEDIUM pacing). Only blocks of a sentence or more are judged (a
 * short label can move between frames and look gone), and what is still there
 * in the last frame is held by the player. With the scene's source, the scene's
 * own timeline measures it exactly (docs/math-and-reading.md). Gone means
 * nothing textual in its place: a line that fades, slides or is rewritten there
 * changed, and the sampled frames cannot time that.
 */

/** Characters a second and the shortest time any text needs (Netflix's Timed Text Style Guide, as the scene rule). */
const READING_CPS = 17;
const MIN_READING_MS = 833;
/** A line's glyphs and the spaces between its words, as characters. */
const CHARS_PER_GLYPH = 1.2;
/** Blocks shorter than this many characters are not judged from pixels. */
const MIN_BLOCK_CHARS = 40;
/** Too short by a clear margin: at most this share of what it needs. */
const SHORT = 0.5;
/** The same line in another frame: its box within this share of the frame on every side. */
const SAME_PLACE = 0.01;

const lines = (f: FrameMeasures) => f.items.filter((i) => i.text !== null && i.text.glyphs >= 3);
const near = (a: FrameBox, b: FrameBox) =>
  Math.abs(a.left - b.left) <= SAME_PLACE &&
  Math.abs(a.right - b.right) <= SAME_PLACE &&
  Math.abs(a.top - b.top) <= SAME_PLACE &&
  Math.abs(a.bottom - b.bottom) <= SAME_PLACE;
/** A line of about the same size anywhere: the text may have moved, not gone. */
const alike = (a: ScreenItem, b: ScreenItem) =>
  Math.abs(a.box.right - a.box.left - (b.box.right - b.box.left)) <= 2 * SAME_PLACE &&
  Math.abs(a.box.bottom - a.box.top - (b.box.bottom - b.box.top)) <= 2 * SAME_PLACE;

/** Whether a box covers at least half of another. */
const covers = (a: FrameBox, b: FrameBox) => intersection(a, b) >= 0.5 * area(b);

export function readingIssues(ctx: AnalysisContext, frameNear: (ms: number) => number | null): IssueDraft[] {
  const frames = ctx.frames;
  const blocks = new Map<string, { first: number; last: number; chars: number; lines: number }>();
  frames.forEach((f, k) => {
    for (const line of lines(f)) {
      // Where this line's run of frames starts and ends.
      const here = (m: number) => lines(frames[m]).some((other) => near(other.box, line.box));
      let first = k;
      while (first > 0 && here(first - 1)) first--;
      if (first !== k) continue; // counted from its first frame
      let last = k;
      while (last + 1 < frames.length && here(last + 1)) last++;
      if (first === 0 || last === frames.length - 1) continue; // on screen from the start, or held at the end
      // Gone means nothing in its place: a line there (fading, sliding in, rewritten) or a line its size elsewhere
      // (moved) is the same text changing, which sampled frames cannot time.
      const changed = [first - 1, last + 1].some((m) =>
        lines(frames[m]).some((other) => alike(other, line) || covers(other.box, line.box)),
      );
      if (changed) continue;
      const key = `${first}|${last}`;
      const block = blocks.get(key) ?? { first, last, chars: 0, lines: 0 };
      block.chars += line.text!.glyphs * CHARS_PER_GLYPH;
      block.lines++;
      blocks.set(key, block);
    }
  });
  const issues: IssueDraft[] = [];
  for (const b of blocks.values()) {
    if (b.chars < MIN_BLOCK_CHARS) continue;
    const atMostMs = frames[b.last + 1].timestampMs - frames[b.first - 1].timestampMs;
    const needMs = Math.max(MIN_READING_MS, (b.chars / READING_CPS) * 1000);
    if (atMostMs >= needMs * SHORT) continue;
    const from = frames[b.first].timestampMs;
    issues.push({
      severity: 'MEDIUM',
      category: 'pacing',
      frameIndex: frameNear(from),
      location: null,
      description: `${b.lines > 1 ? `${b.lines} lines of text` : 'A line of text'} (about ${Math.round(b.chars)} characters) shown at ${formatTimestamp(from)} are gone by ${formatTimestamp(frames[b.last + 1].timestampMs)}: on screen at most ${seconds(atMostMs)}, and reading them takes about ${seconds(needMs)}.`,
      suggestedFix: `Keep the text on screen about ${seconds(needMs)} (a \`self.wait(...)\` after it appears), or say less at once.`,
    });
  }
  return issues;
}
