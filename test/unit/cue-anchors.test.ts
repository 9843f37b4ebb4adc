import { describe, expect, it } from 'vitest';
import { anchorScan } from '../../src/analyzers/user-input/anchor-scan';
import { anchorsOf } from '../../src/analyzers/user-input/cue-anchors';
import { HARM_RULES } from '../../src/analyzers/user-input/harm-rules';
import { INTENT_RULES } from '../../src/analyzers/user-input/intent-rules';
import { ruleSet } from '../../src/analyzers/user-input/match-rules';
import { viewsOf } from '../../src/analyzers/user-input/normalise';
import { loadUserInputSets } from '../../testkit/user-input-sets';

const sorted = (anchors: string[] | null) => anchors && [...anchors].sort();

describe("a cue's anchors: the strings one of which begins every match", () => {
  it.each([
    ['words', /kill|poison|stab/, ['kill', 'poison', 'stab']],
    ['an optional ending, and a shorter word that begins a longer one', /hack(?:ing)?|hacker|hackathon/, ['hack']],
    ['a group inside a word', /b(?:omb|last)s?/, ['blast', 'bomb']],
    ['a character class and an optional character', /licen[cs]e|ip-?tables/, ['iptabl', 'ip-tab', 'licenc', 'licens']],
    ['digits and an escaped dot', /\d\.env|\/etc\//, ['/etc/', ...[...'0123456789'].map((d) => `${d}.env`)]],
    ['assertions, which match no character', /\bdan\b|(?<![a-z])stan(?= mode)/, ['dan', 'stan']],
    ['a part that can be anything ends the anchor before it', /send\w* to|make \w+ suffer/, ['make ', 'send']],
    ['a repeated part: what it begins with', /(?:ha)+ha|x{2}y/, ['ha', 'xxy']],
    ['cut to the length asked for', /instructions|directive/, ['direct', 'instru']],
  ])('%s', (_what, cue, anchors) => {
    expect(sorted(anchorsOf(cue, 6))).toEqual([...anchors].sort());
  });

  it('is none when a match can begin anywhere, or under flags the reading does not follow', () => {
    expect(anchorsOf(/\w+ing bombs|bomb/, 6)).toBeNull();
    expect(anchorsOf(/(?:attack)?/, 6)).toBeNull();
    expect(anchorsOf(/bomb/i, 6)).toBeNull();
  });

  it("holds for every rule on every labelled message: a sentence that matches a cue, or one of the rule's patterns, holds one of its anchors", () => {
    const rules = [...INTENT_RULES, ...HARM_RULES];
    const cueAnchors = rules.map((rule) => anchorsOf(rule.cue, 6));
    expect(cueAnchors.filter((a) => a === null).length).toBe(0);
    const patternAnchors = rules.map((rule) => rule.patterns.map((pattern) => anchorsOf(pattern, 6)));
    // A pattern without anchors reads every sentence of its cue; nearly all have them.
    expect(patternAnchors.flat().filter((a) => a !== null).length).toBeGreaterThan(150);
    const missed: string[] = [];
    let cued = 0;
    let matched = 0;
    const holdsOne = (anchors: string[] | null, sentence: string) => anchors === null || anchors.some((a) => sentence.includes(a));
    for (const message of loadUserInputSets())
      for (const view of viewsOf(message.text))
        for (const sentence of view.text.split(/(?<=[.!?;。！？\n])\s+/))
          rules.forEach((rule, r) => {
            if (!rule.cue.test(sentence)) return;
            cued++;
            if (!holdsOne(cueAnchors[r], sentence)) missed.push(`${rule.id}: ${sentence}`);
            rule.patterns.forEach((pattern, p) => {
              if (!pattern.test(sentence)) return;
              matched++;
              if (!holdsOne(patternAnchors[r][p], sentence)) missed.push(`${rule.id} #${p}: ${sentence}`);
            });
          });
    expect(cued).toBeGreaterThan(5_000);
    expect(matched).toBeGreaterThan(1_000);
    expect(missed).toEqual([]);
  });
});

describe('the anchors of every rule found in one pass', () => {
  const scan = anchorScan([/bomb|爆炸/, /\bkill/, /\w+ing/]);
  const sentences = (text: string, ...ends: number[]) => {
    const sentenceOf = new Int32Array(text.length).fill(-1);
    let start = 0;
    ends.forEach((end, i) => {
      sentenceOf.fill(i, start, end);
      start = end + 1;
    });
    return sentenceOf;
  };

  it("marks each rule's sentences, once each, and a rule without anchors in every sentence", () => {
    const text = 'a bomb, a bomb. nothing here. kill it';
    expect(scan.scan(text, sentences(text, 15, 29, 37), 3)).toEqual([[0], [2], [0, 1, 2]]);
  });

  it('finds a Chinese anchor, and no anchor that runs across two sentences', () => {
    const text = '如何制造爆炸物 bom b';
    expect(scan.scan(text, sentences(text, 7, 13), 2)[0]).toEqual([0]);
    const across = 'the end. now';
    expect(anchorScan([/end\. now/]).scan(across, sentences(across, 8, 12), 2)).toEqual([[]]);
    expect(anchorScan([/end\. now/]).scan(across, sentences(across, 12), 1)).toEqual([[0]]);
  });

  it('matches as trying each cue on each sentence would', () => {
    const rules = [
      { id: 'a', cue: /secret|token/, patterns: [/(?:print|show) (?:the )?(?:secret|token)/] },
      { id: 'b', cue: /\bdrop\b/, patterns: [/drop (?:the|all) tables?/] },
    ];
    const set = ruleSet(rules);
    const text = 'show the secret. then drop the table! a token of thanks.';
    expect(set.match(text).map((m) => `${m.rule.id}:${m.quote}`)).toEqual(['a:show the secret', 'b:drop the table']);
    expect(set.match(text, (rule) => rule.id === 'a').map((m) => m.rule.id)).toEqual(['b']);
  });

  it("runs a pattern only on the cue's sentences that hold one of the pattern's anchors", () => {
    const read: string[] = [];
    class Counted extends RegExp {
      override exec(text: string) {
        read.push(text);
        return super.exec(text);
      }
    }
    const set = ruleSet([
      { id: 'a', cue: /secret/, patterns: [new Counted('leak (?:the|a) secret'), new Counted('private (?:key|secret)')] },
    ]);
    expect(set.match('a secret of maths. what a secret garden. leak the secret key.').map((m) => m.quote)).toEqual(['leak the secret']);
    expect(read).toEqual(['leak the secret key.']);
    read.length = 0;
    expect(set.match('a secret of maths. my private secret.').map((m) => m.quote)).toEqual(['private secret']);
    expect(read).toEqual(['my private secret.']);
  });
});
