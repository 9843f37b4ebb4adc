import { describe, expect, it } from 'vitest';
import type { IssueDraft } from '../../src/kinds';
import type { FrameManifest } from '../../src/media/manifest';
import { lightnessContrast } from '../../src/analyzers/colour';
import { sceneFindings } from '../../src/scene/findings';
import { legibleGlyphPx } from '../../src/scene/rules/unreadable-text';
import type { SceneTimeline, SceneUnit, UnitState } from '../../src/scene/inspection';
import { layoutFromScene } from '../../src/scene/judge';
import { inCoordinateSystem } from '../../src/scene/scene';

/**
 * The layout rules on hand-made recordings: what a scene records about text
 * sliding off, a close-up, a grid, overlaps, tiny text, contrast, clutter and
 * leftovers, and what each finding says.
 */

const W = 854;
const H = 480;

type Unit = Partial<SceneUnit> & { id: number };
type State = Partial<UnitState> & { id: number; box: [number, number, number, number] };

function scene(opts: {
  units: Unit[];
  /** [time ms, states, camera width (units)?] */
  samples: [number, State[], number?][];
  plays?: { start: number; end: number; line?: number; units?: number[]; animations?: string[] }[];
  durationMs: number;
  height?: number;
  background?: string;
}): SceneTimeline {
  const height = opts.height ?? H;
  const width = Math.round((height * 16) / 9);
  return {
    scene: 'Test',
    manim: '0.22.0',
    durationMs: opts.durationMs,
    width,
    height,
    fps: 15,
    frameWidth: 14.22,
    frameHeight: 8,
    units: Object.fromEntries(
      opts.units.map((u) => [
        String(u.id),
        {
          type: 'Text',
          text: `text ${u.id}`,
          file: 'scene.py',
          line: 10 + u.id,
          root: u.id,
          rootType: u.type ?? 'Text',
          isText: true,
          ...u,
        },
      ]),
    ),
    samples: opts.samples.map(([timeMs, states, cameraWidth]) => ({
      timeMs,
      camera: { x: 0, y: 0, width: cameraWidth ?? 14.22, height: 8 * ((cameraWidth ?? 14.22) / 14.22), orientation: [] },
      background: opts.background ?? '#000000',
      units: states.map((s) => ({
        z: s.id,
        fill: '#ffffff',
        fillOpacity: 1,
        stroke: null,
        strokeOpacity: 0,
        glyphPx: 20,
        behind: null,
        crossings: [],
        root: opts.units.find((u) => u.id === s.id)?.root ?? s.id,
        ...s,
      })),
    })),
    plays: (opts.plays ?? []).map((p, i) => ({
      i,
      start: p.start,
      end: p.end,
      file: 'scene.py',
      line: p.line ?? 40 + i,
      animations: p.animations ?? ['Transform'],
      units: p.units ?? [],
    })),
    lines: { 'scene.py:40': 'self.play(label.animate.shift(RIGHT * 7))' },
    notes: [],
  };
}

const manifest = (durationMs: number, width = W, height = H): FrameManifest => ({
  durationMs,
  width,
  height,
  fps: 15,
  frames: Array.from({ length: 8 }, (_, i) => ({
    index: i,
    timestampMs: Math.round((durationMs * i) / 8),
    width: 768,
    height: 432,
    key: `f${i}`,
  })),
});

const all = (t: SceneTimeline): (IssueDraft & { kind: string })[] =>
  [...sceneFindings(t, manifest(t.durationMs, t.width, t.height))].flatMap(([kind, issues]) => issues.map((i) => ({ ...i, kind })));

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

describe('layoutFromScene', () => {
  const pixels = [
    { category: 'overlap', description: 'pixels' },
    { category: 'static', description: 'pixels' },
  ];
  const scene = [{ category: 'clutter', description: 'scene' }];
  const unit = { type: 'Text', text: 'a', file: null, line: null, root: 0, rootType: 'Graph', isText: true };

  it("sets the pixels' layout guesses aside for the scene, unless unseeded randomness placed some of what it recorded", () => {
    expect(layoutFromScene(pixels, scene, { units: { '0': unit } }).map((i) => i.description)).toEqual(['pixels', 'scene']);
    expect(layoutFromScene(pixels, scene, { units: { '0': { ...unit, unseeded: true } } })).toEqual([...pixels, ...scene]);
  });
});

describe('inCoordinateSystem', () => {
  it('knows a coordinate system by its bases, and a recording that names only its class by Manim’s own', () => {
    expect(inCoordinateSystem({ rootType: 'BarChart', rootClasses: ['BarChart', 'Axes', 'VGroup', 'CoordinateSystem'] })).toBe(true);
    expect(inCoordinateSystem({ rootType: 'MyAxes', rootClasses: ['MyAxes', 'NumberLine', 'Line'] })).toBe(true);
    expect(inCoordinateSystem({ rootType: 'Table', rootClasses: ['Table', 'VGroup'] })).toBe(false);
    // Recorded before the inspector named the bases.
    expect(inCoordinateSystem({ rootType: 'Axes' })).toBe(true);
    expect(inCoordinateSystem({ rootType: 'MyAxes' })).toBe(false);
  });
});

describe('what formulas claim and how long texts stay (docs/math-and-reading.md)', () => {
  const formula = (text: string, glyphs: number, line: number) => ({ text, mode: 'math' as const, file: 'scene.py', line, glyphs });
  /** A formula written over 1 s (0.5 then fully opaque), held `holdMs`, faded out over 1 s; a circle after. */
  const shown = (holdMs: number, extra: Partial<SceneTimeline> = {}) => {
    const end = 1000 + holdMs;
    return {
      ...scene({
        units: [
          { id: 0, type: 'MathTex', text: 'x', shows: [[0, 0]] },
          { id: 1, type: 'Circle', isText: false },
        ],
        samples: [
          [0, [{ id: 0, box: [300, 220, 560, 250], fillOpacity: 0.5 }]],
          [1000, [{ id: 0, box: [300, 220, 560, 250] }]],
          [end, [{ id: 0, box: [300, 220, 560, 250] }]],
          [end + 100, [{ id: 0, box: [300, 220, 560, 250], fillOpacity: 0.85 }]],
          [end + 500, [{ id: 0, box: [300, 220, 560, 250], fillOpacity: 0.4 }]],
          [end + 1000, [{ id: 1, box: [100, 100, 200, 200] }]],
        ],
        plays: [
          { start: 0, end: 1000, line: 20, units: [0], animations: ['FadeIn'] },
          { start: 1000, end, line: 21, animations: ['Wait'] },
          { start: end, end: end + 1000, line: 22, units: [0], animations: ['FadeOut'] },
        ],
        durationMs: end + 3000,
      }),
      lines: { 'scene.py:12': 'rule = MathTex(r"\\frac{d}{dx} x^3 = 2x^2")', 'scene.py:20': 'self.play(FadeIn(rule))' },
      texts: [formula('\\frac{d}{dx} x^3 = 2x^2', 10, 12)],
      ...extra,
    } satisfies SceneTimeline;
  };

  it('a formula the CAS found false is a HIGH math_error where it is first fully shown, with its line and the correct form', () => {
    const t = shown(2000, {
      math: {
        formulas: [
          {
            status: 'wrong',
            claim: 'operator',
            left: '\\frac{d}{dx} x^3',
            right: '2x^2',
            relation: '=',
            expected: '3 x^{2}',
            detail: 'at x = 3/2 the two sides differ by 2.25',
          },
        ],
        steps: [],
        budgetSpent: false,
      },
    });
    const [issue, ...rest] = all(t).filter((i) => i.category === 'math_error');
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ kind: 'VISUAL_VALIDATION_JSON', severity: 'HIGH', origin: 'scene' });
    expect(issue.description).toBe(
      'MathTex "\\frac{d}{dx} x^3 = 2x^2" (line 12: `rule = MathTex(r"\\frac{d}{dx} x^3 = 2x^2")`) is false: `\\frac{d}{dx} x^3 = 2x^2` is not what the operator gives (checked by SymPy: at x = 3/2 the two sides differ by 2.25).',
    );
    expect(issue.suggestedFix).toMatch(/^line 12: .*: `2x\^2` should read `3 x\^\{2\}`/);
    // Fully shown from 1000 ms: the first stored frame there.
    expect(manifest(t.durationMs).frames[issue.frameIndex!].timestampMs).toBeGreaterThanOrEqual(1000);
  });

  it('a formula at rest for 0.3 s (and 0.1 s more fading out while 90% opaque) is too brief to read; held 2 s, or still there when the video ends, it is not', () => {
    const brief = all(shown(300)).filter((i) => i.category === 'pacing');
    expect(brief.map((i) => [i.kind, i.severity])).toEqual([['ENGAGEMENT_RUBRIC_JSON', 'MEDIUM']]);
    expect(brief[0].description).toMatch(
      /can be read for 0\.4 s \(shown at rest or moving from 00:01\.0\); a 10-symbol formula needs about 1\.3 s at 17 characters a second\.$/,
    );
    expect(brief[0].suggestedFix).toMatch(
      /^Hold it on screen: `self\.wait\(1\)` after the animation that shows it \(line 20: `self\.play\(FadeIn\(rule\)\)`\)/,
    );
    expect(all(shown(2000)).filter((i) => i.category === 'pacing')).toEqual([]);
    const atTheEnd = shown(300);
    atTheEnd.samples = atTheEnd.samples.slice(0, 3);
    atTheEnd.durationMs = 1300;
    expect(all(atTheEnd).filter((i) => i.category === 'pacing')).toEqual([]);
  });
});
