import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectJava } from '../../testkit/java-runtime';

/**
 * Which java may run the time-skipping test server: judged from what
 * `java --list-modules` prints, here by stand-in executables printing what a
 * Java 11, a jlink'd Java 21 and a full Java 17 print.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'java-runtime-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function fakeJava(name: string, modules: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\n${modules.map((m) => `echo ${m}`).join('\n')}\n`, { mode: 0o755 });
  return file;
}

const FULL = ['java.compiler', 'java.desktop', 'java.logging', 'java.naming', 'java.sql', 'jdk.management', 'jdk.unsupported'];

describe('inspectJava', () => {
  it('takes Java 17 with the modules the server uses, with its major version', () => {
    const java = fakeJava('java17', ['java.base@17.0.15', ...FULL.map((m) => `${m}@17.0.15`)]);
    expect(inspectJava(java)).toEqual({ java, major: 17 });
  });

  it('refuses a Java older than 17', () => {
    const java = fakeJava('java11', ['java.base@11.0.2', ...FULL.map((m) => `${m}@11.0.2`)]);
    expect(inspectJava(java)).toEqual({ problem: 'it is Java 11.0.2, the test server needs 17 or newer' });
  });

  it('names the modules a jlink’d runtime lacks', () => {
    const java = fakeJava('java21-slim', ['java.base@21.0.1', 'java.logging@21.0.1', 'java.sql@21.0.1']);
    expect(inspectJava(java)).toEqual({
      problem: 'its runtime lacks the module(s) java.compiler, java.desktop, java.naming, jdk.management, jdk.unsupported',
    });
  });

  it('refuses a java that cannot list its modules (Java 8, or none at all)', () => {
    expect(inspectJava(path.join(dir, 'missing'))).toMatchObject({
      problem: expect.stringMatching(/--list-modules` failed .*17 or newer/),
    });
  });
});
