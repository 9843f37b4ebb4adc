import { describe, expect, it } from 'vitest';
import { KINDS } from '../../src/kinds';
import { REPAIRS, RULE_REPAIRS, TARGET_CATEGORIES } from '../../src/scene/repair/rules';
import { NAMED_SCENE_RULES, SCENE_RULE_SET, type SceneRule } from '../../src/scene/rules';

// The `@ts-expect-error` lines are the compiler's half of this test: `npx tsc --noEmit` fails if one compiles.
describe('scene rule registry', () => {
  it('refuses a category of another kind, at compile time', () => {
    // @ts-expect-error clutter is a DESIGN_VALIDATION_JSON category, not VISUAL_VALIDATION_JSON's
    const wrong: SceneRule = { kind: 'VISUAL_VALIDATION_JSON', category: 'clutter', layout: true, observe: () => [] };
    const right: SceneRule = { kind: 'DESIGN_VALIDATION_JSON', category: 'clutter', layout: true, observe: () => [] };
    expect(KINDS[right.kind].categories).toContain(right.category);
    expect(KINDS[wrong.kind].categories).not.toContain(wrong.category);
  });

  it('names only categories of its own kind, for every registered rule', () => {
    for (const rule of SCENE_RULE_SET) expect(KINDS[rule.kind].categories, rule.category).toContain(rule.category);
  });

  it('asks for a repair entry per rule, at compile time', () => {
    // @ts-expect-error a rule without its entry
    const missing: typeof REPAIRS = { ...REPAIRS, overlap: undefined };
    // @ts-expect-error a misspelled rule name
    const misspelled: typeof REPAIRS = { ...REPAIRS, overlapp: null };
    expect(Object.keys(REPAIRS).sort()).toEqual(Object.keys(NAMED_SCENE_RULES).sort());
    expect(missing.overlap).toBeUndefined();
    expect(Object.keys(misspelled)).toContain('overlapp');
  });

  it('repairs every layout rule, and targets the categories of the rules it repairs', () => {
    for (const rule of SCENE_RULE_SET.filter((r) => r.layout)) expect(RULE_REPAIRS.has(rule), rule.category).toBe(true);
    expect([...TARGET_CATEGORIES].sort()).toEqual(
      ['clipped_content', 'clutter', 'low_contrast', 'off_screen', 'overlap', 'pacing', 'unreadable_text'].sort(),
    );
    expect(RULE_REPAIRS.has(NAMED_SCENE_RULES.mathError)).toBe(false);
  });
});
