import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LABELLED_SET_MAX_BYTES,
  labelledSetJson,
  loadLabelledSet,
  parseLabelledSet,
  type LabelledSetJson,
} from '../../src/calibration/labelled-set';
import { PROJECT_ROOT } from '../../src/config';

const valid = (): LabelledSetJson => ({
  format: 'evals-labelled-set',
  version: 1,
  name: 'mine',
  animations: [
    { id: 'clean-one', animation: 'videos/clean.mp4', expect: 'clean' },
    {
      id: 'cut-title',
      animation: 'https://cdn.example.com/cut.mp4',
      userInput: 'Animate a title',
      expect: [
        {
          kind: 'VISUAL_VALIDATION_JSON',
          categories: ['clipped_content', 'off_screen'],
          window: [1, 6],
          alsoAs: [{ kind: 'DESIGN_VALIDATION_JSON', category: 'margins' }],
        },
      ],
    },
  ],
});

/** The error a set gets, or null. */
function problem(mutate: (json: any) => void): string | null {
  const json = valid() as any;
  mutate(json);
  try {
    parseLabelledSet(json, 'set.json', '/sets');
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('labelled sets', () => {
  it('reads a set: defaults filled in, category and categories alike, files resolved against the set, URLs kept', () => {
    const set = parseLabelledSet(valid(), 'set.json', '/sets');
    expect(set).toMatchObject({ name: 'mine', toleranceSeconds: 1, countFrom: 'LOW' });
    expect(set.animations[0]).toEqual({
      id: 'clean-one',
      animation: '/sets/videos/clean.mp4',
      scene: null,
      userInput: null,
      title: null,
      description: null,
      note: null,
      expect: [],
    });
    expect(set.animations[1].animation).toBe('https://cdn.example.com/cut.mp4');
    expect(set.animations[1].expect).toEqual([
      {
        kind: 'VISUAL_VALIDATION_JSON',
        categories: ['clipped_content', 'off_screen'],
        alsoAs: [{ kind: 'DESIGN_VALIDATION_JSON', categories: ['margins'] }],
        window: [1, 6],
        minSeverity: 'LOW',
        name: null,
        note: null,
        line: null,
      },
    ]);
  });

  it('names the JSON path of the field at fault, and what is wrong with it', () => {
    expect(problem((j) => (j.animations[1].expect[0].categories[1] = 'typography'))).toBe(
      'set.json: animations[1].expect[0].categories[1]: "typography" is not a category of VISUAL_VALIDATION_JSON (its categories: blank_frame, clipped_content, off_screen, overlap, unreadable_text, artifact, flashing, math_error, judge_manipulation)',
    );
    expect(problem((j) => (j.animations[1].expect[0].kind = 'VISUAL'))).toMatch(
      /^set\.json: animations\[1\]\.expect\[0\]\.kind: must be one of USER_INPUT_SECURITY, /,
    );
    expect(problem((j) => (j.animations[1].expect[0].window = [6, 1]))).toBe(
      'set.json: animations[1].expect[0].window: must end no earlier than it starts',
    );
    expect(problem((j) => (j.animations[1].expect[0].window = [1]))).toMatch(/^set\.json: animations\[1\]\.expect\[0\]\.window: /);
    expect(problem((j) => (j.animations[1].expect[0].minSeverity = 'SEVERE'))).toBe(
      'set.json: animations[1].expect[0].minSeverity: must be one of LOW, MEDIUM, HIGH',
    );
    expect(problem((j) => (j.animations[1].expect[0].category = 'overlap'))).toBe(
      'set.json: animations[1].expect[0]: give either "category" or "categories"',
    );
    expect(problem((j) => (j.animations[1].expect[0].alsoAs[0].category = 'overlap'))).toMatch(
      /^set\.json: animations\[1\]\.expect\[0\]\.alsoAs\[0\]\.category: "overlap" is not a category of DESIGN_VALIDATION_JSON/,
    );
    expect(problem((j) => (j.animations[0].expect = 'fine'))).toBe(
      'set.json: animations[0].expect: must be "clean" or a list of expected issues',
    );
    expect(problem((j) => (j.animations[0].expect = []))).toMatch(
      /animations\[0\]\.expect: must list at least one expected issue, or be "clean"/,
    );
    expect(problem((j) => (j.animations[1].id = 'clean-one'))).toBe('set.json: animations[1].id: repeats the id of animations[0]');
    expect(problem((j) => (j.animations[0].id = 'a\nb'))).toBe('set.json: animations[0].id: id holds a control character');
    expect(problem((j) => (j.animations[0].colour = 'red'))).toMatch(/^set\.json: animations\[0\]: .*colour/);
    expect(problem((j) => (j.animations[0].animation = 'ftp://host/x.mp4'))).toBe(
      'set.json: animations[0].animation: must be a file or an http(s) URL',
    );
    expect(problem((j) => (j.animations[0].scene = { sources: ['https://x/s.py'], class: 'S' }))).toBe(
      'set.json: animations[0].scene.sources[0]: must be a file (scene sources are read, not fetched)',
    );
    expect(problem((j) => (j.animations[0].scene = { sources: ['s.py'], class: 'not a class' }))).toBe(
      'set.json: animations[0].scene.class: must be a Python class name',
    );
    expect(problem((j) => (j.version = 2))).toBe('set.json: version: must be 1 (the version this evals reads)');
    expect(problem((j) => (j.format = 'labels'))).toBe('set.json: format: must be "evals-labelled-set"');
    expect(problem((j) => delete j.name)).toMatch(/^set\.json: name: /);
  });

  it('says when a file cannot be read or is not JSON', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-set-'));
    try {
      expect(() => loadLabelledSet(path.join(dir, 'none.json'))).toThrow(/cannot read .*none\.json: no such file/);
      fs.writeFileSync(path.join(dir, 'bad.json'), '{"format": ');
      expect(() => loadLabelledSet(path.join(dir, 'bad.json'))).toThrow(/bad\.json: not JSON/);
      // Over the limit without being written (sparse): refused by its size, not read.
      fs.writeFileSync(path.join(dir, 'huge.json'), '');
      fs.truncateSync(path.join(dir, 'huge.json'), LABELLED_SET_MAX_BYTES + 1);
      expect(() => loadLabelledSet(path.join(dir, 'huge.json'))).toThrow(
        /cannot read .*huge\.json: too large \([\d.]+ MB; at most 16 MB\)/,
      );
      expect(() => loadLabelledSet(dir)).toThrow(/cannot read .*evals-set-\w+: it is a directory/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes a set that reads back the same, with files relative to where it is written', () => {
    const set = parseLabelledSet(valid(), 'set.json', '/sets');
    const json = labelledSetJson(set, '/sets');
    expect(json.animations[0].animation).toBe('videos/clean.mp4');
    expect(parseLabelledSet(JSON.parse(JSON.stringify(json)), 'again', '/sets')).toEqual(set);
  });

  it.each(['manim', 'manim-holdout'])('corpus/%s/labels.json is a valid labelled set, every file present', (name) => {
    const set = loadLabelledSet(path.join(PROJECT_ROOT, 'corpus', name, 'labels.json'));
    expect(set.name).toBe(name);
    expect(set.animations.filter((a) => a.expect.length === 0).length).toBeGreaterThanOrEqual(12);
    for (const a of set.animations) {
      expect(fs.existsSync(a.animation), a.animation).toBe(true);
      for (const source of a.scene?.sources ?? []) expect(fs.existsSync(source), source).toBe(true);
    }
  });
});
