/**
 * The atoms (ISO/IEC 14496-12's boxes) of an MP4/MOV file held in memory, each
 * checked to lie within its parent, and the one error that hands a file this
 * reader does not handle to ffprobe.
 */

/** Something this reader does not handle: ffprobe decides instead. */
export class Unsupported extends Error {}

export function unsupported(why: string): never {
  throw new Unsupported(why);
}

/**
 * An MP4 box (ISO/IEC 14496-12's word for it; QuickTime's "atom"): a typed
 * container in the file, nothing to do with a box on screen.
 */
export interface Atom {
  type: string;
  /** Payload bounds in the buffer. */
  start: number;
  end: number;
}

/** The child atoms of buf[start, end), each checked to lie within it. */
export function childAtoms(buf: Buffer, start: number, end: number): Atom[] {
  const boxes: Atom[] = [];
  let at = start;
  while (at < end) {
    if (end - at < 8) unsupported('trailing bytes in a box');
    let size = buf.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (end - at < 16) unsupported('truncated box header');
      const large = buf.readBigUInt64BE(at + 8);
      size = large > BigInt(end - at) ? Infinity : Number(large);
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || size > end - at) unsupported('box size outside its parent');
    boxes.push({ type: buf.toString('latin1', at + 4, at + 8), start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

export const only = (boxes: Atom[], type: string): Atom | undefined => {
  const found = boxes.filter((b) => b.type === type);
  if (found.length > 1) unsupported(`more than one ${type}`);
  return found[0];
};
export const required = (boxes: Atom[], type: string): Atom => only(boxes, type) ?? unsupported(`no ${type}`);

/** Full box fields: version, and the payload after version and flags. */
export function fullBox(buf: Buffer, box: Atom): { version: number; flags: number; at: number } {
  if (box.end - box.start < 4) unsupported('short full box');
  return { version: buf[box.start], flags: buf.readUIntBE(box.start + 1, 3), at: box.start + 4 };
}

/** A table of `count` entries of `entryBytes` each at `at`, checked to fit in the box before anything is allocated from `count`. */
export function table(box: Atom, at: number, count: number, entryBytes: number): void {
  if (count * entryBytes > box.end - at) unsupported('table larger than its box');
}
