import { describe, expect, it } from 'vitest';
import { lightnessContrast } from '../../src/analyzers/colour';
import type { SceneTimeline } from '../../src/scene/inspection';
import { legibleGlyphPx } from '../../src/scene/rules/unreadable-text';
import { all, H, scene, W, type State, type Unit } from '../helpers/recorded-scene';

/**
 * The layout rules on hand-made recordings: what a scene records about text
 * sliding off, a close-up, a grid, overlaps, tiny text and contrast, and what
 * each finding says. Clutter and leftovers: scene-clutter.test.ts.
 */

const slide = (cameraWidth?: number) =>
  scene({
    units: [{ id: 0, text: 'Similar triangles' }],
    samples: [
      [0, [{ id: 0, box: [300, 220, 560, 250] }], cameraWidth],
      [1000, [{ id: 0, box: [500, 220, 760, 250] }], cameraWidth],
      [1500, [{ id: 0, box: [650, 220, 910, 250] }], cameraWidth],
      [2000, [{ id: 0, box: [700, 220, 960, 250] }], cameraWidth],
    ],
    plays: [{ start: 0, end: 2000, units: [0] }],
    durationMs: 4000,
  });

describe('scene findings', () => {
  it('text that slides past the edge and rests cut is clipped, from when the cut began, with the line of the move', () => {
    const [issue, ...rest] = all(slide());
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({
      kind: 'VISUAL_VALIDATION_JSON',
      category: 'clipped_content',
      severity: 'HIGH',
      origin: 'scene',
      location: 'right edge',
    });
    expect(issue.description).toBe(
      'Text "Similar triangles" (line 10) is cut by the right edge of the frame from 00:01.5 to the end: 41% of it is outside, 1.8 units past the right edge.',
    );
    expect(issue.suggestedFix).toMatch(
      /^line 40: `self\.play\(label\.animate\.shift\(RIGHT \* 7\)\)` leaves it 1\.8 units past the right edge: move it 2\.1 units back inside/,
    );
    expect(issue.frameIndex).toBe(3);
    expect(issue.region).toMatchObject({ edge: 'right' });
  });

  it('a close-up crops on purpose: nothing is cut while the camera is zoomed in', () => {
    expect(all(slide(7))).toEqual([]);
  });

  it('a turning 3D camera moves everything: parts swinging past the edge during the turn are not cut content', () => {
    const t = scene({
      units: [{ id: 0, type: 'ThreeDVMobject', isText: false, text: null, root: 9, rootType: 'Surface' }],
      samples: [0, 500, 1000, 1500].map((ms, i): [number, State[]] => [ms, [{ id: 0, box: [700 + i * 60, 200, 800 + i * 60, 260] }]]),
      plays: [{ start: 0, end: 2000, animations: ['Wait'] }],
      durationMs: 2000,
    });
    t.samples.forEach((s, i) => (s.camera.orientation = [65, -40 + i * 10, 0, 1]));
    expect(all(t)).toEqual([]);
  });

  it('a column scrolling up is motion: lines that leave through the top while new ones come in from below are not lost', () => {
    const lines = Array.from({ length: 6 }, (_, i) => ({ id: i, root: 50, rootType: 'VGroup' }));
    const at = (shift: number): State[] =>
      lines.map((l, i) => ({ id: l.id, box: [300, 60 + i * 120 - shift, 550, 100 + i * 120 - shift] }));
    const t = scene({
      units: lines,
      samples: [
        [0, at(0).slice(0, 4)],
        [500, at(150)],
        [1000, at(300)],
      ],
      plays: [{ start: 0, end: 1000, units: lines.map((l) => l.id) }],
      durationMs: 3000,
    });
    expect(all(t).filter((i) => i.category === 'off_screen')).toEqual([]);
  });

  it('a frame-filling grid is structure: its lines at the edges are not cut content', () => {
    const lines = Array.from({ length: 10 }, (_, i) => ({
      id: i,
      type: 'Line',
      isText: false,
      root: 100,
      rootType: 'NumberPlane',
      text: null,
    }));
    const states = lines.map(
      (l, i): State => ({ id: l.id, box: i < 5 ? [-20, i * 100, W + 20, i * 100 + 2] : [i * 90, -20, i * 90 + 2, H + 20] }),
    );
    expect(
      all(
        scene({
          units: lines,
          samples: [
            [0, states],
            [3000, states],
          ],
          durationMs: 4000,
        }),
      ),
    ).toEqual([]);
  });

  it('text over text at rest overlaps; the same texts crossing only during an animation do not', () => {
    const units = [
      { id: 0, text: 'point P' },
      { id: 1, text: 'point Q' },
    ];
    const apart: State[] = [
      { id: 0, box: [300, 200, 420, 230] },
      { id: 1, box: [500, 200, 620, 230] },
    ];
    const over: State[] = [
      { id: 0, box: [300, 200, 420, 230] },
      { id: 1, box: [360, 190, 480, 220] },
    ];
    const resting = all(
      scene({
        units,
        samples: [
          [0, apart],
          [1000, over],
        ],
        durationMs: 3000,
      }),
    );
    expect(resting.map((i) => [i.category, i.severity])).toEqual([['overlap', 'MEDIUM']]);
    expect(resting[0].description).toMatch(/^Text "point P" \(line 10\) is drawn over Text "point Q" \(line 11\) from 00:01\.0 to the end/);
    const passing = all(
      scene({
        units,
        samples: [
          [0, apart],
          [500, over],
          [1000, apart],
        ],
        plays: [{ start: 0, end: 1000, units: [1] }],
        durationMs: 3000,
      }),
    );
    expect(passing).toEqual([]);
  });

  it('a text drawn exactly over another reads as one text, not an overlap; so does what unseeded randomness placed', () => {
    const units = [
      { id: 0, type: 'Integer', text: '5' },
      { id: 1, type: 'Integer', text: '6' },
    ];
    const twice = (copy: boolean): State[] => [
      { id: 0, box: [420, 220, 434, 244] },
      { id: 1, box: [420, 220, 434, 244], ...(copy && { copyOf: 0 }) },
    ];
    const drawn = (states: State[], extra: Unit[] = []) =>
      all(scene({ units: units.map((u) => ({ ...u, ...extra.find((e) => e.id === u.id) })), samples: [[0, states]], durationMs: 2000 }));
    expect(drawn(twice(false)).map((i) => i.category)).toEqual(['overlap']);
    expect(drawn(twice(true))).toEqual([]);
    // Where the render put a unit its unseeded randomness placed is not known: no rule reads it.
    expect(drawn(twice(false), [{ id: 1, unseeded: true }])).toEqual([]);
  });

  it('a stroke through a label overlaps, unless it belongs with the label or is a frame-filling grid', () => {
    const units = [
      { id: 0, text: 'y = x^2' },
      { id: 1, type: 'ParametricFunction', isText: false, text: null },
    ];
    const crossed = (root: number): SceneTimeline =>
      scene({
        units: [units[0], { ...units[1], root }],
        samples: [
          [
            0,
            [
              { id: 0, box: [400, 200, 560, 230], crossings: [{ unit: 1, lengthPx: 30 }] },
              { id: 1, box: [380, 100, 600, 300], fill: null, stroke: '#58c4dd', strokeOpacity: 1 },
            ],
          ],
        ],
        durationMs: 2000,
      });
    expect(all(crossed(1)).map((i) => i.description)).toEqual([
      'Text "y = x^2" (line 10) has ParametricFunction (line 11) running through it from 00:00.0 to the end: the text is hard to read.',
    ]);
    expect(all(crossed(0))).toEqual([]);
  });

  it('text smaller than legible at the rendered height: the same font is too small at 480p and fine at 1080p only if large enough', () => {
    expect(legibleGlyphPx(480)).toBe(7);
    expect(legibleGlyphPx(1080)).toBeCloseTo(12.96);
    const tiny = (height: number, glyphPx: number) =>
      all(scene({ units: [{ id: 0 }], samples: [[0, [{ id: 0, box: [100, 100, 300, 110], glyphPx }]]], durationMs: 2000, height }));
    expect(tiny(480, 4).map((i) => [i.category, i.severity])).toEqual([['unreadable_text', 'HIGH']]);
    expect(tiny(480, 6).map((i) => [i.category, i.severity])).toEqual([['unreadable_text', 'MEDIUM']]);
    expect(tiny(480, 9)).toEqual([]);
    expect(tiny(1080, 9).map((i) => i.category)).toEqual(['unreadable_text']);
    expect(tiny(1080, 14)).toEqual([]);
  });

  it('low contrast is the lightness contrast (APCA) of the text against what is behind it, with a colour that fixes it', () => {
    const grey = all(
      scene({
        units: [{ id: 0, text: 'Prime numbers' }],
        samples: [[0, [{ id: 0, box: [100, 100, 300, 130], fill: '#303030' }]]],
        durationMs: 3000,
      }),
    );
    expect(grey.map((i) => [i.kind, i.category, i.severity])).toEqual([['DESIGN_VALIDATION_JSON', 'low_contrast', 'HIGH']]);
    expect(grey[0].description).toMatch(/in #303030 on the background \(#000000\) has a lightness contrast of Lc 0 \(1\.5\d:1 by WCAG 2\)/);
    const colour = /color="(#[0-9a-f]{6})"/.exec(grey[0].suggestedFix!)![1];
    const rgb = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
    expect(lightnessContrast(rgb(colour), [0, 0, 0])).toBeGreaterThanOrEqual(75);
    // White text on a light fill behind it: the fill, not the background, decides.
    const onFill = all(
      scene({
        units: [{ id: 0 }, { id: 1, isText: false, type: 'Rectangle', text: null }],
        samples: [
          [
            0,
            [
              { id: 0, box: [100, 100, 300, 130], behind: { unit: 1, fill: '#fff59d', opacity: 1, share: 1 } },
              { id: 1, box: [50, 50, 400, 200] },
            ],
          ],
        ],
        durationMs: 3000,
      }),
    );
    expect(onFill.map((i) => [i.category, i.severity])).toEqual([['low_contrast', 'HIGH']]);
    expect(onFill[0].description).toMatch(/on the fill of Rectangle/);
    // Coloured by unseeded randomness: the video's colour is not the recorded one, so its contrast is the pixels' to judge.
    const byChance = all(
      scene({
        units: [{ id: 0, text: 'Prime numbers', unseededColour: true }],
        samples: [[0, [{ id: 0, box: [100, 100, 300, 130], fill: '#303030' }]]],
        durationMs: 3000,
      }),
    );
    expect(byChance).toEqual([]);
  });

  it('lightness contrast, not the WCAG 2 ratio, decides: orange on a white dot reads, dark blue and pure blue on black do not', () => {
    const on = (fill: string, background: string) =>
      all(
        scene({
          units: [{ id: 0, text: '42' }],
          samples: [[0, [{ id: 0, box: [100, 100, 300, 130], fill }]]],
          durationMs: 3000,
          background,
        }),
      ).map((i) => [i.category, i.severity]);
    // 2.41:1 and 2.15:1 by WCAG 2 (under its 3:1 for large text), Lc 47 and 42.
    expect(on('#ff862f', '#ffffff')).toEqual([]);
    expect(on('#83c167', '#ffffff')).toEqual([['low_contrast', 'LOW']]);
    // 3.57:1 by WCAG 2 (over its 3:1), Lc 23; pure blue on black, 2.44:1, Lc 16.
    expect(on('#236b8e', '#000000')).toEqual([['low_contrast', 'MEDIUM']]);
    expect(on('#0000ff', '#000000')).toEqual([['low_contrast', 'MEDIUM']]);
    expect(on('#0000a0', '#000000')).toEqual([['low_contrast', 'HIGH']]);
  });
});
