import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runSandboxed } from '../../src/infra/sandbox';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-sandbox-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// A clone under /tmp (as CI's clean clones may be) keeps its inspector and venv there: the
// sandbox's own scratch /tmp must not hide them.
it('runs a program kept under /tmp: read-only there, with its own scratch /tmp beside it', async () => {
  fs.chmodSync(dir, 0o755); // the program runs as a uid of its own when the worker is root
  fs.writeFileSync(
    path.join(dir, 'probe.py'),
    [
      'import os',
      'here = os.path.dirname(os.path.abspath(__file__))',
      'open("/tmp/scratch.txt", "w").write("x")',
      'try:',
      '    open(os.path.join(here, "written.txt"), "w").write("x")',
      '    print("wrote beside the program")',
      'except OSError as e:',
      '    print("read-only:", type(e).__name__)',
      'print(sorted(os.listdir(here)), sorted(os.listdir("/tmp")))',
    ].join('\n'),
  );
  const run = await runSandboxed('/usr/bin/python3', [path.join(dir, 'probe.py')], {
    mode: 'bwrap',
    readOnly: [dir],
    input: '',
    limits: { wallMs: 30_000, cpuSeconds: 10, memoryBytes: 512 << 20, processes: 16, outputBytes: 1 << 20, scratchBytes: 1 << 20 },
  });
  expect(run.stderrTail).toBe('');
  expect(run.exitCode).toBe(0);
  const out = run.stdout.toString();
  expect(out).toMatch(/^read-only: (OSError|PermissionError)/);
  expect(out).toContain("['probe.py']");
  expect(out).toContain('scratch.txt');
  expect(fs.existsSync(path.join(dir, 'written.txt'))).toBe(false);
});
