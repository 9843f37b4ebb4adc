import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { resolveMediaTools } from '../../src/infra/ffmpeg';
import { probeVideo } from '../../src/media/probe';
import { renderScene } from '../../src/scene/render';
import { sceneTexCache } from '../../src/scene/programs';
import { forUser } from '../../src/scene/tex-cache';

/** renderScene on real Manim in the real sandbox: a playable video of the asked size, rate and length, and nothing else written. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-render-'));
fs.chmodSync(dir, 0o755); // a root worker runs scenes as a uid of their own
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const config = loadConfig({ EVALS_DATA_DIR: path.join(dir, 'data') });
// A user's scenes: the render reads that user's TeX cache.
const settings = forUser(config.scene, 'render-test-user');
const tools = resolveMediaTools(config);

const scene = (body: string) => [
  {
    name: 'scene.py',
    content: `from manim import *\n\nclass Demo(Scene):\n    def construct(self):\n${body
      .split('\n')
      .map((l) => `        ${l}`)
      .join('\n')}\n`,
  },
];

it('renders a small scene to a playable mp4 of the size, rate and length asked for', async () => {
  const output = path.join(dir, 'small', 'demo.mp4');
  fs.mkdirSync(path.dirname(output));
  const rendered = await renderScene({
    sources: scene(
      'square = Square(color=BLUE)\nself.play(Create(square), run_time=1)\nself.play(square.animate.shift(RIGHT), run_time=1)\nself.wait(0.5)',
    ),
    scene: 'Demo',
    width: 640,
    height: 360,
    fps: 20,
    settings,
    outputPath: output,
  });
  expect(rendered).toMatchObject({ ok: true });
  expect(fs.readdirSync(path.dirname(output))).toEqual(['demo.mp4']);
  const probe = await probeVideo(tools, output, config.media);
  expect([probe.width, probe.height, probe.fps, probe.durationMs]).toEqual([640, 360, 20, 2500]);
  // Playable: every frame decodes.
  const decode = spawnSync(tools.ffmpeg, ['-v', 'error', '-i', output, '-f', 'null', '-'], { encoding: 'utf8' });
  expect(decode.status, decode.stderr).toBe(0);
  expect(decode.stderr).toBe('');
  expect(probe.frameTimesMs).toHaveLength(50);
});

it('a hostile scene writes nothing but the output: not beside it, not the output itself, not the TeX cache', async () => {
  const output = path.join(dir, 'hostile', 'out.mp4');
  fs.mkdirSync(path.dirname(output));
  const cache = sceneTexCache(settings)!;
  const before = fs.readdirSync(cache);
  const targets = [path.join(dir, 'hostile', 'beside.txt'), output, path.join(cache, 'planted.svg'), '/escaped-by-render'];
  const rendered = await renderScene({
    sources: scene(
      [
        `for target in ${JSON.stringify(targets)}:`,
        '    try:',
        '        open(target, "w").write("x")',
        '    except OSError:',
        '        pass',
        'self.play(FadeIn(Circle()), run_time=1)',
      ].join('\n'),
    ),
    scene: 'Demo',
    width: 320,
    height: 180,
    fps: 10,
    settings,
    outputPath: output,
  });
  expect(rendered).toMatchObject({ ok: true });
  expect(fs.readdirSync(path.dirname(output))).toEqual(['out.mp4']);
  expect((await probeVideo(tools, output, config.media)).durationMs).toBe(1000);
  expect(fs.readdirSync(cache)).toEqual(before);
  expect(fs.existsSync('/escaped-by-render')).toBe(false);
});

it('what the source does ends as a reason, never a throw, and writes no output', async () => {
  const output = path.join(dir, 'failing.mp4');
  const render = (body: string, name = 'Demo', limits = settings.limits) =>
    renderScene({
      sources: scene(body),
      scene: name,
      width: 320,
      height: 180,
      fps: 10,
      settings: { ...settings, limits },
      outputPath: output,
    });
  expect(await render('x = 1 / 0')).toEqual({ ok: false, reason: expect.stringMatching(/ZeroDivisionError.*scene\.py, line 5/) });
  expect(await render('self.wait(1)', 'Other')).toEqual({ ok: false, reason: expect.stringContaining('no Scene subclass named Other') });
  expect(await render('while True:\n    pass', 'Demo', { ...settings.limits, wallMs: 8000 })).toEqual({
    ok: false,
    reason: 'the scene ran past its 8 s limit and was stopped',
  });
  expect(await render('import os\nos.write(1, b"not a video")\nself.wait(1)')).toMatchObject({ ok: true });
  expect(await render('import os\nos._exit(0)')).toEqual({
    ok: false,
    reason: expect.stringContaining('not an MP4'),
  });
  fs.rmSync(output, { force: true });
  expect(await render('pass')).toEqual({ ok: false, reason: expect.stringContaining('Demo has no play calls') });
  expect(fs.existsSync(output)).toBe(false);
  expect(fs.readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
});
