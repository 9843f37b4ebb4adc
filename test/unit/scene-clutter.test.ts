import { describe, expect, it } from 'vitest';
import type { SceneUnit } from '../../src/scene/inspection';
import { all, scene, type State } from '../helpers/recorded-scene';

/** The clutter and leftover rules on hand-made recordings: what counts as one thing to read, and what stays too long. */

describe('clutter and leftovers', () => {
  it('clutter counts readable things, an axis and its numbers as one', () => {
    const labels = (n: number, extra: Partial<SceneUnit> = {}) => Array.from({ length: n }, (_, i) => ({ id: i, ...extra }));
    const states = (n: number) =>
      Array.from(
        { length: n },
        (_, i): State => ({ id: i, box: [(i % 10) * 80, Math.floor(i / 10) * 60, (i % 10) * 80 + 60, Math.floor(i / 10) * 60 + 20] }),
      );
    const crowded = all(scene({ units: labels(25), samples: [[0, states(25)]], durationMs: 3000 }));
    expect(crowded.map((i) => [i.category, i.severity])).toEqual([['clutter', 'MEDIUM']]);
    expect(crowded[0].description).toMatch(/^25 separate pieces of text are on screen at once/);
    const axis = all(
      scene({
        units: labels(25, {
          root: 99,
          rootType: 'BarChart',
          rootClasses: ['BarChart', 'Axes', 'CoordinateSystem', 'VGroup'],
          type: 'DecimalNumber',
        }),
        samples: [[0, states(25)]],
        durationMs: 3000,
      }),
    );
    expect(axis).toEqual([]);
  });

  it('an object left on screen after the one that came in with it was taken away is a LOW hint', () => {
    const units = [
      { id: 0, text: 'Step 1' },
      { id: 1, text: 'draw a triangle' },
      { id: 2, text: 'Step 2' },
    ];
    const t = scene({
      units,
      samples: [
        [
          0,
          [
            { id: 0, box: [100, 200, 200, 230] },
            { id: 1, box: [100, 260, 300, 290] },
          ],
        ],
        [
          2000,
          [
            { id: 0, box: [100, 200, 200, 230] },
            { id: 2, box: [400, 260, 500, 290] },
          ],
        ],
      ],
      plays: [
        { start: 0, end: 1000, units: [0, 1], animations: ['FadeIn'] },
        { start: 1000, end: 2000, units: [1, 2], animations: ['FadeOut', 'FadeIn'] },
      ],
      durationMs: 6000,
    });
    expect(all(t).map((i) => [i.kind, i.category, i.severity, i.description])).toEqual([
      [
        'DESIGN_VALIDATION_JSON',
        'clutter',
        'LOW',
        'Text "Step 1" (line 10) stays on screen to the end, 5.0 s after its last animation at 00:01.0, though Text "draw a triangle" (line 11), which came in with it, was taken away at 00:02.0.',
      ],
    ]);
  });
});

describe('clutter in a grid of cells', () => {
  // 22 numbered boxes of uneven sizes in 6 columns and 4 rows (filled down, then right), the first column's boxes
  // aligned left, the last's right, the first row's at the top and the last's at the bottom.
  const sizes = Array.from({ length: 22 }, (_, i) => [36 + ((i * 37) % 50), 30 + ((i * 53) % 50)]);
  const cell = (i: number, place: (i: number, w: number, h: number) => [number, number]): [number, number, number, number] => {
    const [w, h] = sizes[i];
    const [x, y] = place(i, w, h);
    return [x, y, x + w, y + h];
  };
  const inGrid = (i: number, w: number, h: number): [number, number] => {
    const [col, row] = [Math.floor(i / 4), i % 4];
    const x = col === 0 ? 100 : col === 5 ? 720 - w : 230 + (col - 1) * 100 + (90 - w) / 2;
    const y = row === 0 ? 30 : row === 3 ? 440 - h : 30 + row * 105 + (90 - h) / 2;
    return [x, y];
  };
  const scattered = (i: number): [number, number] => [40 + ((i * 263) % 720), 20 + ((i * 151) % 400)];
  const boxes = (place: (i: number, w: number, h: number) => [number, number]) =>
    scene({
      units: sizes.flatMap((_, i) => [
        { id: 2 * i, root: 100, type: 'Text', text: String(i + 1) },
        { id: 2 * i + 1, root: 100, type: 'Rectangle', text: null, isText: false },
      ]),
      samples: [
        [
          0,
          sizes.flatMap((_, i): State[] => {
            const c = cell(i, place);
            const [cx, cy] = [(c[0] + c[2]) / 2, (c[1] + c[3]) / 2];
            return [
              { id: 2 * i, box: [cx - 6, cy - 7, cx + 6, cy + 7] },
              { id: 2 * i + 1, box: c, fillOpacity: 0, strokeOpacity: 1 },
            ];
          }),
        ],
      ],
      durationMs: 3000,
    });

  it('numbered boxes of uneven sizes in rows and columns aligned at an edge are one structure', () => {
    expect(all(boxes(inGrid)).filter((i) => i.category === 'clutter')).toEqual([]);
  });

  it('the same boxes set down apart are 22 things to read', () => {
    const found = all(boxes(scattered)).filter((i) => i.category === 'clutter');
    expect(found.map((i) => i.severity)).toEqual(['MEDIUM']);
    expect(found[0].description).toMatch(/^22 separate pieces of text/);
  });
});
