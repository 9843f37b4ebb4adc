import { relativeLuminance, type Rgb } from '../media/colour';

/** WCAG contrast ratio, 1 (none) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `#rrggbb`, each channel rounded and held to 0–255. */
export function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The colour of `#rrggbb`. */
export function fromHex(colour: string): Rgb {
  return [parseInt(colour.slice(1, 3), 16), parseInt(colour.slice(3, 5), 16), parseInt(colour.slice(5, 7), 16)];
}

/** `top` at opacity `alpha` over `under`. */
export function blend(top: Rgb, alpha: number, under: Rgb): Rgb {
  return [0, 1, 2].map((c) => top[c] * alpha + under[c] * (1 - alpha)) as Rgb;
}

/** Sixteen levels per channel: the bucket of an sRGB colour for counting colours. */
export const rgbBucket = (r: number, g: number, b: number) => ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);

/** Colours counted by bucket; each bucket's colour is the mean of what fell in it. */
export class ColourTally {
  private readonly buckets = new Map<number, { n: number; r: number; g: number; b: number }>();

  add(bucket: number, r: number, g: number, b: number): void {
    const c = this.buckets.get(bucket);
    if (c) {
      c.n++;
      c.r += r;
      c.g += g;
      c.b += b;
    } else this.buckets.set(bucket, { n: 1, r, g, b });
  }

  /** The buckets, most common first. */
  ranked(): { colour: Rgb; count: number }[] {
    return [...this.buckets.values()].sort((a, b) => b.n - a.n).map((c) => ({ colour: [c.r / c.n, c.g / c.n, c.b / c.n], count: c.n }));
  }
}
