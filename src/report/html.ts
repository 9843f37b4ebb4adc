import { visibleText } from '../text-safety';

/** HTML text and CSS positions, as every page of the report layer writes them. */
// Control characters shown (src/text-safety.ts): HTML forbids most, and the bidi ones would reorder what the reviewer reads.
export const esc = (text: string | number | null | undefined) =>
  visibleText(String(text ?? '')).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A fraction of the frame as a CSS percentage, clamped to the frame. */
export const pct = (fraction: number) => `${(Math.max(0, Math.min(1, fraction)) * 100).toFixed(2)}%`;

/** An ISO 8601 time as the report shows it: 2026-11-23 08:20 UTC. */
export const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
