import { describe, expect, it } from 'vitest';
import { spreadsheetText, visibleJson, visibleLine, visibleText } from '../../src/text-safety';

describe('visibleText', () => {
  it('shows terminal sequences, bell, DEL, C1 and bidi controls as escapes, keeping tab and line breaks', () => {
    expect(visibleText('a\x1b[2J\x1b]0;pwned\x07\x1b[31mred\x7f\u009b1m')).toBe('a\\x1b[2J\\x1b]0;pwned\\x07\\x1b[31mred\\x7f\\x9b1m');
    expect(visibleText('invoice\u202egnp.exe\u202c \u2066x\u2069')).toBe('invoice\\u202egnp.exe\\u202c \\u2066x\\u2069');
    expect(visibleText('one\ttwo\nthree\r\nfour\rover\x00')).toBe('one\ttwo\nthree\nfour\\rover\\x00');
  });

  it('leaves ordinary text alone, right-to-left scripts included, and is idempotent', () => {
    const plain = 'Text at 00:03.0 — clipped «right» edge; שלום, مرحبا, ∑ x² 🎬';
    expect(visibleText(plain)).toBe(plain);
    const hostile = '\x1b[31m\u202e\r\n\u0085';
    expect(visibleText(visibleText(hostile))).toBe(visibleText(hostile));
  });
});

describe('visibleLine', () => {
  it('keeps a text on one line: tab and line feed shown too', () => {
    expect(visibleLine('a\tb\nc\r\nd\x1b')).toBe('a\\tb\\nc\\nd\\x1b');
  });
});

describe('visibleJson', () => {
  it('escapes what JSON.stringify leaves raw, and parses back to the same value', () => {
    const value = { text: 'esc \x1b c1 \u009b del \x7f bidi \u202e\u2066 ok é' };
    const json = visibleJson(JSON.stringify(value));
    expect(json).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(json).toContain('\\u009b');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('spreadsheetText', () => {
  it('prefixes a quote to text that would start a formula (OWASP)', () => {
    for (const text of ['=HYPERLINK("http:x","y")', '+1', '-2+3', '@SUM(1)', '\t=1', '\r=1'])
      expect(spreadsheetText(text)).toBe(`'${text}`);
  });
  it('leaves other text as it is', () => {
    for (const text of ['clip.mp4', 'HIGH blank_frame: =x', "'quoted", '']) expect(spreadsheetText(text)).toBe(text);
  });
});
