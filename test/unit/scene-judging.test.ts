import { describe, expect, it } from 'vitest';
import type { SceneTimeline } from '../../src/scene/inspection';
import { layoutFromScene } from '../../src/scene/judge';
import { inCoordinateSystem } from '../../src/scene/scene';
import { all, manifest, scene } from '../helpers/recorded-scene';

/** How the scene takes part in judging (its layout over the pixels' guesses), and the rules that add what pixels cannot see. */

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

  it("keeps the pixels' findings on colours, and only those, when unseeded randomness chose some colours", () => {
    const withContrast = [...pixels, { category: 'low_contrast', description: 'pixels on colours' }];
    const judged = (units: SceneTimeline['units']) => layoutFromScene(withContrast, scene, { units }).map((i) => i.description);
    expect(judged({ '0': unit })).toEqual(['pixels', 'scene']);
    expect(judged({ '0': { ...unit, unseededColour: true } })).toEqual(['pixels', 'pixels on colours', 'scene']);
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
