import { relativeLuminance, type Rgb } from '../media/srgb';

/** WCAG contrast ratio, 1 (none) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Lightness contrast of text on a background, APCA-W3 0.0.98G (the method the
 * WCAG 3 drafts adopt), as a magnitude: 0 (none) to about 108 (black on
 * white). Unlike the WCAG 2 ratio it weighs which of the two is the text and
 * follows perceived lightness: it does not overstate dark pairs (red text on
 * black, 7:1 by WCAG 2, is Lc 46) nor understate mid-light ones on white
 * (orange on white, 2.4:1, is Lc 47).
 */
export function lightnessContrast(text: Rgb, background: Rgb): number {
  // Screen luminance with APCA's soft clamp of near-black (flare), then its exponents per polarity.
  const y = ([r, g, b]: Rgb) => {
    const lum = 0.2126729 * (r / 255) ** 2.4 + 0.7151522 * (g / 255) ** 2.4 + 0.072175 * (b / 255) ** 2.4;
    // biome-ignore lint/suspicious/noApproximativeNumericConstant: APCA's exponent is 1.414 exactly, not √2
    return lum < 0.022 ? lum + (0.022 - lum) ** 1.414 : lum;
  };
  const t = y(text);
  const bg = y(background);
  if (Math.abs(bg - t) < 0.0005) return 0;
  const s = bg > t ? (bg ** 0.56 - t ** 0.57) * 1.14 : (bg ** 0.65 - t ** 0.62) * 1.14;
  return Math.abs(s) < 0.1 ? 0 : (Math.abs(s) - 0.027) * 100;
}

/**
 * A text colour that reads on `behind`: `text` moved towards white or black
 * (whichever reads better there) just until, at `opacity` over `behind`, it
 * reaches lightness contrast `target` (with a margin for the rounding to 8 bits).
 */
export function readableText(text: Rgb, behind: Rgb, target: number, opacity = 1): Rgb {
  const towards: Rgb = lightnessContrast([255, 255, 255], behind) >= lightnessContrast([0, 0, 0], behind) ? [255, 255, 255] : [0, 0, 0];
  for (let t = 0; t <= 1; t += 0.02) {
    const c = blend(towards, t, text).map(Math.round) as Rgb;
    if (lightnessContrast(blend(c, opacity, behind), behind) >= target + 0.5) return c;
  }
  return towards;
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

/** Colours counted by bucket (an integer below 4096); each bucket's colour is the mean of what fell in it. */
export class ColourTally {
  // Counted once per pixel of a frame: flat arrays by bucket, and the buckets in the order first seen (the order of ties).
  private readonly n = new Float64Array(4096);
  private readonly r = new Float64Array(4096);
  private readonly g = new Float64Array(4096);
  private readonly b = new Float64Array(4096);
  private readonly seen: number[] = [];

  add(bucket: number, r: number, g: number, b: number): void {
    if (this.n[bucket]++ === 0) this.seen.push(bucket);
    this.r[bucket] += r;
    this.g[bucket] += g;
    this.b[bucket] += b;
  }

  /** The buckets, most common first. */
  ranked(): { colour: Rgb; count: number }[] {
    return this.seen
      .map((k) => ({ n: this.n[k], r: this.r[k], g: this.g[k], b: this.b[k] }))
      .sort((a, b) => b.n - a.n)
      .map((c) => ({ colour: [c.r / c.n, c.g / c.n, c.b / c.n], count: c.n }));
  }
}
