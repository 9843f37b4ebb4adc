import { describe, expect, it } from 'vitest';
import { boundedOutput } from '../../src/infra/server-process';

describe("a server's output, bounded", () => {
  it('keeps all of a short output as written', () => {
    const out = boundedOutput(100);
    out.add('starting\n');
    out.add('ready\n');
    expect(out.text()).toBe('starting\nready\n');
  });

  it('keeps the first line of a long panic and the end of its trace, and says that the middle was dropped', () => {
    const out = boundedOutput(100);
    out.add('panic: listen tcp 127.0.0.1:7233: bind: address already in use\n');
    for (let i = 0; i < 200; i++) out.add(`goroutine frame ${i}\n`);
    const text = out.text();
    expect(text.startsWith('panic: listen tcp 127.0.0.1:7233')).toBe(true);
    expect(text.endsWith('goroutine frame 199\n')).toBe(true);
    expect(text).toContain('\n…\n');
    expect(text.length).toBeLessThanOrEqual(103);
  });
});
