import { type Component, heightOf, widthOf } from './components';

/**
 * Structure that spans the frame (a grid, axes, linework filling it) and the
 * thin straight lines it is made of.
 */

/** Content spanning this much of the frame at a low density is structure (grid, axes, plane), not an object. */
export const STRUCTURE_SPAN = 0.9;
export const STRUCTURE_DENSITY = 0.2;
/**
 * Sparse linework reaching an edge, at least this long (fraction of the frame)
 * and mostly straight (horizontal and vertical runs of STRAIGHT_RUN of the frame
 * height) is part of a grid or an axis; a curve or an outline running out of
 * view is a shape cut by the edge.
 */
export const GRID_PART = 0.25;
/** This many thin straight segments on screen make a grid (one drawn in pieces, or cut up by what crosses it). */
export const GRID_SEGMENTS = 8;
export const STRAIGHT_RUN = 0.05;
export const STRAIGHT_SHARE = 0.6;
/** Points along a long straight run at which it is checked to be stroke-thin (a tick or a bar on an axis is thicker). */
const AXIS_PROBES = 8;

/** A line is at most this thick (share of the frame height: 6 px at 432) and 8 times as long. */
export const THIN_LINE = 0.014;
/**
 * Linework that fills the frame (a field of arrows, stream lines, a grid drawn in
 * pieces) reaches every edge and shows in this share of the cells of an 8x6 grid
 * over the frame, or (while it is drawn) comes in this many pieces besides text:
 * four times the things that make a frame cluttered, too many to be things one
 * looks at one by one.
 */
export const FILL_SHARE = 0.75;
export const FILL_GRID = { columns: 8, rows: 6 };
export const FIELD_PIECES = 100;
/** Within this share of the frame height of an edge (4 px at 432), content reaches it: scaling and JPEG soften the last columns of what an edge cuts. */
export const EDGE_REACH = 0.0093;

/** Long and at most a few pixels thick: an axis, a grid line, a piece of one. */
export function isThinLine(widthPx: number, heightPx: number, frameHeight: number): boolean {
  const thin = Math.min(widthPx, heightPx);
  return thin <= THIN_LINE * frameHeight && Math.max(widthPx, heightPx) >= 8 * thin;
}

/** The pixels of a region on a horizontal or vertical run of it at least `run` long. */
export function straightPixels(labels: Int32Array, width: number, c: Component, label: number, run: number): number {
  const [w, h] = [widthOf(c), heightOf(c)];
  const straight = new Uint8Array(w * h);
  const at = (x: number, y: number) => labels[(c.minY + y) * width + c.minX + x] === label;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; ) {
      let end = x;
      while (end < w && at(end, y)) end++;
      if (end - x >= run) straight.fill(1, y * w + x, y * w + end);
      x = end + 1;
    }
  }
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; ) {
      let end = y;
      while (end < h && at(x, end)) end++;
      if (end - y >= run) for (let k = y; k < end; k++) straight[k * w + x] = 1;
      y = end + 1;
    }
  }
  return straight.reduce((n, v) => n + v, 0);
}

/**
 * Linework filling the frame edge to edge (a NumberPlane, a field of arrows,
 * stream lines): the content outside text reaches every edge and shows in most
 * cells of a coarse grid over the frame.
 */
export function fillsFrame(labels: Int32Array, width: number, height: number, textMembers: ReadonlySet<number>): boolean {
  const { columns, rows } = FILL_GRID;
  const cells = new Uint8Array(columns * rows);
  const edge = EDGE_REACH * height;
  let [minX, minY, maxX, maxY] = [width, height, -1, -1];
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const l = labels[p];
      if (l === 0 || textMembers.has(l)) continue;
      cells[Math.floor((y * rows) / height) * columns + Math.floor((x * columns) / width)] = 1;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  const reachesEdges = minX <= edge && minY <= edge && maxX >= width - 1 - edge && maxY >= height - 1 - edge;
  return reachesEdges && cells.reduce((n, c) => n + c, 0) >= FILL_SHARE * cells.length;
}

/**
 * A plot's axes: a horizontal and a vertical straight line, each at least
 * GRID_PART of the frame long and stroke-thin along most of it, crossing inside
 * both (not at their ends, as a rectangle's sides meet). Runs are of content of
 * any colour but text's: a curve or a bar drawn across an axis does not break it.
 */
export function crossingAxes(labels: Int32Array, width: number, height: number, textMembers: ReadonlySet<number>): boolean {
  // Content that is not text, decided once per pixel: rows and columns both scan it.
  const content = new Uint8Array(width * height);
  for (let p = 0; p < content.length; p++) content[p] = labels[p] !== 0 && !textMembers.has(labels[p]) ? 1 : 0;
  const thin = THIN_LINE * height;
  /** The longest run along each row (horizontal) or column, when long and thin at most of AXIS_PROBES points along it. */
  const lines = (horizontal: boolean) => {
    const [length, lanes] = horizontal ? [width, height] : [height, width];
    // A pixel's index is along * step + lane * laneStep.
    const [step, laneStep] = horizontal ? [1, width] : [width, 1];
    const at = (along: number, lane: number) => content[along * step + lane * laneStep] === 1;
    const found: { lane: number; from: number; to: number }[] = [];
    for (let lane = 0; lane < lanes; lane++) {
      let best = 0;
      let bestFrom = 0;
      let run = 0;
      for (let k = 0, p = lane * laneStep; k < length; k++, p += step) {
        run = content[p] === 1 ? run + 1 : 0;
        if (run > best) {
          best = run;
          bestFrom = k - run + 1;
        }
      }
      if (best < GRID_PART * length) continue;
      let thinPoints = 0;
      for (let p = 1; p <= AXIS_PROBES; p++) {
        const k = bestFrom + Math.floor((p * best) / (AXIS_PROBES + 1));
        let across = 1;
        for (let d = lane - 1; d >= 0 && at(k, d); d--) across++;
        for (let d = lane + 1; d < lanes && at(k, d); d++) across++;
        if (across <= thin) thinPoints++;
      }
      if (thinPoints * 2 >= AXIS_PROBES) found.push({ lane, from: bestFrom, to: bestFrom + best - 1 });
    }
    return found;
  };
  const rows = lines(true);
  if (rows.length === 0) return false;
  const columns = lines(false);
  const inside = (k: number, run: { from: number; to: number }) => k > run.from + thin && k < run.to - thin;
  return rows.some((r) => columns.some((c) => inside(c.lane, r) && inside(r.lane, c)));
}
