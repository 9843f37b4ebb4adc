/** sRGB colour, channels 0-255. */
export type Rgb = [number, number, number];

/** Linear light of one sRGB channel value (0-255), as WCAG's relative luminance linearises it. */
export function linearChannel(v: number): number {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.x relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  return 0.2126 * linearChannel(r) + 0.7152 * linearChannel(g) + 0.0722 * linearChannel(b);
}
