import { MIN_TRANSITIONS } from './flash-signal';

/** Per grid cell, the transitions of a value (adjacent peaks and valleys) and how many fell in the trailing second. */

/** Transitions remembered per cell: more than any frame rate up to 120 fps can fit in one second. */
const RING = 128;

/** Peaks and valleys of one value per cell; a transition is a move of at least `minChange` from the last extreme. */
export class Transitions {
  private readonly low: Float32Array;
  private readonly high: Float32Array;
  private readonly lowWeight: Float32Array;
  private readonly highWeight: Float32Array;
  private readonly direction: Int8Array;
  /** Per cell, the size of its last transition in a value that mixes linearly with coverage (to weigh partly covered cells). */
  readonly amplitude: Float32Array;

  constructor(
    cells: number,
    private readonly minChange: number,
    private readonly darkerBelow: number,
  ) {
    this.low = new Float32Array(cells).fill(Infinity);
    this.high = new Float32Array(cells).fill(-Infinity);
    this.lowWeight = new Float32Array(cells);
    this.highWeight = new Float32Array(cells);
    this.direction = new Int8Array(cells);
    this.amplitude = new Float32Array(cells);
  }

  /** True when the cell completes a transition with this value. */
  update(i: number, value: number, weight: number): boolean {
    if (value < this.low[i]) {
      this.low[i] = value;
      this.lowWeight[i] = weight;
    }
    if (value > this.high[i]) {
      this.high[i] = value;
      this.highWeight[i] = weight;
    }
    let moved = false;
    if (this.direction[i] !== 1 && value - this.low[i] >= this.minChange && this.low[i] < this.darkerBelow) {
      this.amplitude[i] = Math.abs(weight - this.lowWeight[i]);
      this.direction[i] = 1;
      moved = true;
    } else if (this.direction[i] !== -1 && this.high[i] - value >= this.minChange && value < this.darkerBelow) {
      this.amplitude[i] = Math.abs(this.highWeight[i] - weight);
      this.direction[i] = -1;
      moved = true;
    }
    // The extreme behind the last transition follows the value: the next one is measured from the new peak or valley.
    if (this.direction[i] === 1) {
      this.low[i] = value;
      this.lowWeight[i] = weight;
    } else if (this.direction[i] === -1) {
      this.high[i] = value;
      this.highWeight[i] = weight;
    }
    return moved;
  }
}

/** The transitions of each cell within the trailing second (frame positions, oldest first). */
export class TrailingSecond {
  private readonly ring: Int32Array;
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  /** The cells holding transitions, so that a frame visits only those. */
  private readonly active: Int32Array;
  private readonly listed: Uint8Array;
  private activeCount = 0;

  constructor(
    cells: number,
    private readonly frameTimesMs: readonly number[],
  ) {
    this.ring = new Int32Array(cells * RING);
    this.head = new Int32Array(cells);
    this.tail = new Int32Array(cells);
    this.active = new Int32Array(cells);
    this.listed = new Uint8Array(cells);
  }

  record(i: number, frame: number): void {
    if (this.head[i] - this.tail[i] === RING) this.tail[i]++;
    this.ring[i * RING + (this.head[i] % RING)] = frame;
    this.head[i]++;
    if (!this.listed[i]) {
      this.listed[i] = 1;
      this.active[this.activeCount++] = i;
    }
  }

  /** Cells left with at least MIN_TRANSITIONS by the last expire. */
  busy = 0;

  /** Drops every cell's transitions older than one second before `frame`; returns the most any cell has left. */
  expire(frame: number): number {
    const since = this.frameTimesMs[frame] - 1000;
    let most = 0;
    let kept = 0;
    this.busy = 0;
    for (let k = 0; k < this.activeCount; k++) {
      const i = this.active[k];
      while (this.tail[i] < this.head[i] && this.frameTimesMs[this.ring[i * RING + (this.tail[i] % RING)]] <= since) this.tail[i]++;
      const left = this.head[i] - this.tail[i];
      if (left > 0) {
        this.active[kept++] = i;
        if (left > most) most = left;
        if (left >= MIN_TRANSITIONS) this.busy++;
      } else this.listed[i] = 0;
    }
    this.activeCount = kept;
    return most;
  }

  count(i: number): number {
    return this.head[i] - this.tail[i];
  }

  /** The frames of cell i's transitions in the trailing second. */
  forEach(i: number, visit: (frame: number) => void): void {
    for (let j = this.tail[i]; j < this.head[i]; j++) visit(this.ring[i * RING + (j % RING)]);
  }

  /** Time of the k-th most recent transition of cell i. */
  recentMs(i: number, k: number): number {
    return this.frameTimesMs[this.ring[i * RING + ((this.head[i] - k) % RING)]];
  }
}
