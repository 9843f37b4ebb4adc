import { describe, expect, it } from 'vitest';
import { judgedStatus, overallStatus, pipelineSummary, withNotes, type SummaryIssue, type SummaryRun } from '../../src/domain/status';
import { pythonSources } from '../../src/fragments/scene-sources';

const run = (kind: SummaryRun['kind'], status: SummaryRun['status'], score: number | null = null): SummaryRun => ({
  kind,
  status,
  score,
  maxScore: score === null ? null : 100,
  summary: null,
});

describe('judgedStatus', () => {
  it('passes at the threshold with no HIGH issue', () => {
    expect(judgedStatus(70, 70, ['LOW', 'MEDIUM'])).toBe('PASS');
  });
  it('fails below the threshold', () => {
    expect(judgedStatus(69, 70, [])).toBe('FAIL');
  });
  it('fails on any HIGH issue whatever the score', () => {
    expect(judgedStatus(100, 70, ['LOW', 'HIGH'])).toBe('FAIL');
  });
});

describe('overallStatus', () => {
  it('is FAIL when any eval run failed, even beside errors', () => {
    expect(overallStatus([run('VISUAL_RUBRIC_JSON', 'ERROR'), run('VISUAL_VALIDATION_JSON', 'FAIL')], true)).toBe('FAIL');
  });
  it('is ERROR when an eval run errored or the pipeline errored', () => {
    expect(overallStatus([run('VISUAL_RUBRIC_JSON', 'PASS'), run('VISUAL_VALIDATION_JSON', 'ERROR')], false)).toBe('ERROR');
    expect(overallStatus([run('VISUAL_RUBRIC_JSON', 'SKIPPED')], true)).toBe('ERROR');
  });
  it('is PASS when at least one passed and nothing failed', () => {
    expect(overallStatus([run('VISUAL_RUBRIC_JSON', 'PASS'), run('USER_INPUT_SECURITY', 'SKIPPED')], false)).toBe('PASS');
  });
  it('is SKIPPED when everything was skipped', () => {
    expect(overallStatus([run('VISUAL_RUBRIC_JSON', 'SKIPPED'), run('USER_INPUT_SECURITY', 'SKIPPED')], false)).toBe('SKIPPED');
  });
});

describe('pipelineSummary', () => {
  const runs = [
    run('VISUAL_VALIDATION_JSON', 'FAIL', 40),
    run('USER_INPUT_SECURITY', 'SKIPPED'),
    run('DESIGN_VALIDATION_JSON', 'PASS', 90),
  ];
  const issues: SummaryIssue[] = [
    { kind: 'DESIGN_VALIDATION_JSON', severity: 'LOW', category: 'clutter', frameHint: '00:03.0', description: 'busy' },
    { kind: 'VISUAL_VALIDATION_JSON', severity: 'HIGH', category: 'blank_frame', frameHint: '00:06.5', description: 'black tail.' },
    {
      kind: 'VISUAL_VALIDATION_JSON',
      severity: 'MEDIUM',
      category: 'clipped_content',
      frameHint: '00:01.0 top-right',
      description: 'title clipped',
    },
    { kind: 'VISUAL_VALIDATION_JSON', severity: 'LOW', category: 'artifact', frameHint: null, description: 'minor' },
  ];

  it('names the verdict, every kind with its score, and the worst issues first with frame hints', () => {
    const text = pipelineSummary('FAIL', runs, issues);
    expect(text).toBe(
      'FAIL: DESIGN_VALIDATION_JSON PASS 90/100, USER_INPUT_SECURITY SKIPPED, VISUAL_VALIDATION_JSON FAIL 40/100. ' +
        'Worst issues: [HIGH] VISUAL_VALIDATION_JSON blank_frame @ 00:06.5: black tail; ' +
        '[MEDIUM] VISUAL_VALIDATION_JSON clipped_content @ 00:01.0 top-right: title clipped; ' +
        '[LOW] DESIGN_VALIDATION_JSON clutter @ 00:03.0: busy.',
    );
  });

  it('is deterministic whatever order rows arrive in', () => {
    expect(pipelineSummary('FAIL', [...runs].reverse(), [...issues].reverse())).toBe(pipelineSummary('FAIL', runs, issues));
  });

  it('leads with the pipeline error', () => {
    expect(pipelineSummary('ERROR', [run('VISUAL_VALIDATION_JSON', 'SKIPPED')], [], 'animation not rendered within 8s')).toMatch(
      /^Pipeline error: animation not rendered within 8s\. ERROR: VISUAL_VALIDATION_JSON SKIPPED\.$/,
    );
  });

  it('is exactly "cancelled" for a cancelled pipeline run', () => {
    expect(pipelineSummary('ERROR', runs, issues, 'cancelled')).toBe('cancelled');
  });
});

describe('withNotes', () => {
  it('ends every note with a full stop before the next sentence, as the run composes them (sources left out, then the scene)', () => {
    const left = pythonSources({ 'scene.py': 'from manim import *', '../escape.py': 'x = 1' }).note!;
    const text = withNotes('PASS: VISUAL_VALIDATION_JSON PASS 95/100.', [left, 'Scene: no scene source: layout judged from pixels.']);
    expect(text).toBe(
      'PASS: VISUAL_VALIDATION_JSON PASS 95/100. Source files left out: "../escape.py" (not a plain relative path or not text). Scene: no scene source: layout judged from pixels.',
    );
  });

  it('keeps a note that already ends a sentence as it is, and trims it', () => {
    expect(
      withNotes('FAIL: x.', ['The user message had 40,000 characters; only the first 32,000 were evaluated.', 'Really? ', 'cut short…']),
    ).toBe('FAIL: x. The user message had 40,000 characters; only the first 32,000 were evaluated. Really? cut short…');
    expect(withNotes('FAIL: x.', [])).toBe('FAIL: x.');
  });
});
