import type { FrameBox, Side } from '../../domain/geometry';

/**
 * A shape flush with an edge meets it along at most this share of its own extent along that edge (a
 * circle against it: a point, drawn as the chord of its stroke, a third of its width at 480p and less for
 * larger ones); an edge cutting a shape meets it along most of its cross-section (a circle cut by a tenth
 * of its width, along 60% of it).
 */
const TOUCH_SHARE = 0.5;

/**
 * The boxes of the shapes that touch an edge without being cut by it: connected
 * content (whatever its colours) meeting one edge only, the frame's outermost
 * row or column there in one short contact, at most TOUCH_SHARE of the shape's extent along that
 * edge, with the shape reaching past it on both sides (its outline curves away
 * from the edge, as a circle's does where it is flush with it). A line running
 * into the edge meets it at its end, with the rest on one side; a shape the
 * edge cuts meets it along most of its cross-section, or in two places (a ring).
 * Also the boxes of connected content meeting two opposite edges: drawn across
 * the frame, edge to edge (curves crossing each other, whatever their colours).
 */
export function edgeContacts(
  labels: Int32Array,
  width: number,
  height: number,
): { touching: Record<Side, FrameBox[]>; across: FrameBox[] } {
  const touches: Record<Side, FrameBox[]> = { top: [], right: [], bottom: [], left: [] };
  const across: FrameBox[] = [];
  const blobOf = new Int32Array(width * height);
  const edges: { side: Side; at: (k: number) => number; length: number }[] = [
    { side: 'top', at: (k) => k, length: width },
    { side: 'bottom', at: (k) => (height - 1) * width + k, length: width },
    { side: 'left', at: (k) => k * width, length: height },
    { side: 'right', at: (k) => k * width + width - 1, length: height },
  ];
  // One queue for every flood (each pixel enters it once): this runs on every measured frame.
  const queue = new Int32Array(width * height);
  let id = 0;
  for (const start of edges.flatMap(({ at, length }) => Array.from({ length }, (_, k) => at(k)))) {
    if (labels[start] === 0 || blobOf[start] !== 0) continue;
    // The connected content through this edge pixel, 8-connected across colours: one shape, however JPEG split its rim.
    id++;
    let tail = 0;
    queue[tail++] = start;
    blobOf[start] = id;
    let minX = width;
    let minY = height;
    let maxX = -1;
    let maxY = -1;
    for (let n = 0; n < tail; n++) {
      const p = queue[n];
      const x = p % width;
      const y = (p - x) / width;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++)
        for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++) {
          const q = ny * width + nx;
          if (labels[q] !== 0 && blobOf[q] === 0) {
            blobOf[q] = id;
            queue[tail++] = q;
          }
        }
    }
    const box = { left: minX / width, top: minY / height, right: (maxX + 1) / width, bottom: (maxY + 1) / height };
    if ((minX === 0 && maxX === width - 1) || (minY === 0 && maxY === height - 1)) across.push(box);
    // Flush with one edge only: a shape meeting two (a surface spilling out at a corner) is cut.
    if ([minX === 0, minY === 0, maxX === width - 1, maxY === height - 1].filter(Boolean).length !== 1) continue;
    for (const { side, at } of edges) {
      const [from, to] = side === 'top' || side === 'bottom' ? [minX, maxX] : [minY, maxY];
      // Runs of this shape's pixels on the edge's outermost line.
      const runs: [number, number][] = [];
      for (let k = from; k <= to; k++) {
        if (blobOf[at(k)] !== id) continue;
        if (runs.length > 0 && runs.at(-1)![1] === k - 1) runs.at(-1)![1] = k;
        else runs.push([k, k]);
      }
      if (runs.length !== 1) continue;
      const [a, b] = runs[0];
      const contact = b - a + 1;
      if (contact <= TOUCH_SHARE * (to - from + 1) && from < a && to > b) touches[side].push(box);
    }
  }
  return { touching: touches, across };
}
