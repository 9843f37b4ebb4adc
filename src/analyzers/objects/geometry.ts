/** Boxes as fractions of the frame, and the area arithmetic the layout analyzers share. */

/** A box as fractions of the frame: left/top inclusive, right/bottom exclusive. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The area two boxes share (0 when apart). */
export function intersection(a: Box, b: Box): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}
export const area = (b: Box) => (b.right - b.left) * (b.bottom - b.top);

/** The smallest box holding both. */
export const union = (a: Box, b: Box): Box => ({
  left: Math.min(a.left, b.left),
  top: Math.min(a.top, b.top),
  right: Math.max(a.right, b.right),
  bottom: Math.max(a.bottom, b.bottom),
});
