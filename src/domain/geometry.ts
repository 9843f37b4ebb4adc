/**
 * The shapes every layer measures the picture with: a box as fractions of the
 * frame (what the pixel analyzers find), a box in video pixels (what the scene
 * inspector records), and a frame edge.
 */

/** A box as fractions of the frame: left/top inclusive, right/bottom exclusive. */
export interface FrameBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** x0, y0, x1, y1 in video pixels: the form the inspector records boxes in. */
export type PixelBox = [number, number, number, number];

/** An edge of the frame. */
export type Side = 'top' | 'right' | 'bottom' | 'left';

/** The area two boxes share (0 when apart). */
export function intersection(a: FrameBox, b: FrameBox): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}
export const area = (b: FrameBox) => (b.right - b.left) * (b.bottom - b.top);

/** The smallest box holding both. */
export const union = (a: FrameBox, b: FrameBox): FrameBox => ({
  left: Math.min(a.left, b.left),
  top: Math.min(a.top, b.top),
  right: Math.max(a.right, b.right),
  bottom: Math.max(a.bottom, b.bottom),
});
