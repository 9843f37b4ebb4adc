import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run for minutes: whole corpora judged or inspected, real Manim, a database outage,
 * in the order of their durations in a whole run (longest first: the last to start are the short ones).
 * Without the durations of an earlier run (a fresh clone, CI) vitest starts the largest files first,
 * and these are short files: started last, one of them would run on alone while the other workers
 * stand idle.
 */
const LONG_FILES = [
  'test/integration/scene-corpus.test.ts',
  'test/integration/manim-corpus.test.ts',
  'test/integration/scene-repair.test.ts',
  'test/integration/structure-by-layout.test.ts',
  'test/integration/cli.test.ts',
  'test/integration/decoders.test.ts',
  'test/integration/manim-docs.test.ts',
  'test/integration/scene-inspector-python.test.ts',
  'test/integration/scene-inspection.test.ts',
  'test/integration/tex-cache.test.ts',
  'test/integration/calibrate.test.ts',
  'test/integration/deploy-check.test.ts',
  'test/integration/database-outage.test.ts',
  'test/integration/hostile-input.test.ts',
  'test/integration/scene-rules.test.ts',
  'test/integration/exit-status.test.ts',
  'test/integration/openai-judge.test.ts',
  'test/integration/scene-math.test.ts',
];

/** vitest's order (the last run's durations, else size), with the long files started first. */
export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONG_FILES.findIndex((name) => file.moduleId.endsWith(name));
      return at < 0 ? LONG_FILES.length : at;
    };
    // Array.prototype.sort is stable: the other files keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
