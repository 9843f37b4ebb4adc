import { visibleLine } from './text-safety';

/**
 * Rows as a plain-text table for terminals: columns two spaces apart, padded
 * to their widest cell (numbers right-aligned from `rightFrom` on, when given),
 * no trailing blanks, each cell on one line with its control characters shown
 * (src/text-safety.ts). The CLI's run, list and batch tables and calibration's
 * figures all print through it.
 */
export function textTable(table: readonly (readonly string[])[], rightFrom = Infinity): string {
  const rows = table.map((r) => r.map(visibleLine));
  const widths = rows[0].map((_, col) => Math.max(...rows.map((r) => r[col].length)));
  return rows
    .map((r) =>
      r
        .map((cell, col) => (col >= rightFrom ? cell.padStart(widths[col]) : cell.padEnd(widths[col])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export const percent = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(0)}%`);
