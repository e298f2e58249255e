/**
 * The text rule (engine/text.ts): each refused class with its code point, name and reason; the Unicode properties it
 * must cover, checked against the runtime's own Unicode database (every Cc, Cf, Cs, noncharacter and Bidi_Control
 * code point is refused; the only other refusals are the line and paragraph separators and reserved default-ignorable
 * code points); names of every script pass; the substitutes for display and for quoting.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeUnsafeText, replaceUnsafeText, textProblem, trimBlanks, unsafeTextProblem } from '../../engine/text.ts';

test('each class the rule refuses is named with its code point, its name and its position', () => {
  const cases: Array<[string, string, number]> = [
    ['A\u0000B', 'U+0000 NULL', 2],
    ['A\tB', 'U+0009 CHARACTER TABULATION', 2],
    ['A\nB', 'U+000A LINE FEED (LF)', 2],
    ['A\u007fB', 'U+007F DELETE', 2],
    ['A\u0085B', 'U+0085 NEXT LINE (NEL)', 2],
    ['X\u2028REF_FRAME = ITRF', 'U+2028 LINE SEPARATOR', 2],
    ['X\u2029Y', 'U+2029 PARAGRAPH SEPARATOR', 2],
    ['abc\u202Edef', 'U+202E RIGHT-TO-LEFT OVERRIDE', 4],
    ['a\u2066b', 'U+2066 LEFT-TO-RIGHT ISOLATE', 2],
    ['a\u2069', 'U+2069 POP DIRECTIONAL ISOLATE', 2],
    ['a\u061Cb', 'U+061C ARABIC LETTER MARK', 2],
    ['a\u200Eb', 'U+200E LEFT-TO-RIGHT MARK', 2],
    ['a\u200Fb', 'U+200F RIGHT-TO-LEFT MARK', 2],
    ['a\u200Bb', 'U+200B ZERO WIDTH SPACE', 2],
    ['a\u200Cb', 'U+200C ZERO WIDTH NON-JOINER', 2],
    ['a\u200Db', 'U+200D ZERO WIDTH JOINER', 2],
    ['a\u2060b', 'U+2060 WORD JOINER', 2],
    ['\uFEFFname', 'U+FEFF ZERO WIDTH NO-BREAK SPACE (byte-order mark)', 1],
    ['soft\u00ADhyphen', 'U+00AD SOFT HYPHEN', 5],
    ['x\u{E0041}', 'U+E0041 (tag character)', 2],
    ['half \ud800', 'U+D800 (unpaired surrogate)', 6],
    ['\udc00 low', 'U+DC00 (unpaired surrogate)', 1],
    ['a\uFFFE', 'U+FFFE (noncharacter)', 2],
    ['a\uFDD0', 'U+FDD0 (noncharacter)', 2],
    ['🛰\u{10FFFF}', 'U+10FFFF (noncharacter)', 2],
  ];
  for (const [text, character, position] of cases) {
    const problem = textProblem(text);
    assert.ok(problem, JSON.stringify(text));
    assert.equal(problem.character, character, JSON.stringify(text));
    assert.equal(problem.position, position, JSON.stringify(text));
    assert.ok(problem.reason.length > 20, problem.reason);
    assert.equal(unsafeTextProblem(text), `must not contain ${character} at character ${position}: ${problem.reason}`);
  }
  assert.match(unsafeTextProblem('X\u2028Y')!, /line break/);
  assert.match(unsafeTextProblem('a\u202Eb')!, /UAX #9/);
  assert.match(unsafeTextProblem('a\u0000b')!, /XML 1\.0 \(§2\.2 Char\)/);
});

test("the rule covers every Cc, Cf, Cs, noncharacter and Bidi_Control code point of this runtime's Unicode, and refuses nothing else but U+2028/U+2029 and reserved ignorables", () => {
  const mustRefuse = /[\p{Cc}\p{Cf}\p{Cs}\p{Noncharacter_Code_Point}\p{Bidi_Control}]/u;
  const missed: string[] = [];
  const extra: number[] = [];
  for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
    const character = String.fromCodePoint(codePoint);
    const refused = textProblem(character) !== null;
    if (mustRefuse.test(character)) {
      if (!refused) missed.push(codePoint.toString(16));
    } else if (refused) {
      extra.push(codePoint);
    }
  }
  assert.deepEqual(missed, []);
  for (const codePoint of extra) {
    const character = String.fromCodePoint(codePoint);
    const expected = codePoint === 0x2028 || codePoint === 0x2029 || (/\p{Default_Ignorable_Code_Point}/u.test(character) && /\p{Cn}/u.test(character));
    assert.ok(expected, `U+${codePoint.toString(16)} refused`);
  }
});

test('names of every script pass, with spaces, emoji and variation selectors; a TAB passes only where allowed', () => {
  for (const name of ['Sentinel-6 Michael Freilich', '天宫', 'Ñandú', 'Ñuñoa-Σ 衛星 🛰', '🛰️ (VS16)', 'Спутник-1', 'صناعي', 'नाविक', 'a\u00A0b', '葛\u{E0100}', 'X\u{F0000}']) {
    assert.equal(textProblem(name), null, name);
  }
  assert.equal(textProblem('1.0\t2.0', { allowTab: true }), null);
  assert.equal(textProblem('1.0\t2.0\u0000', { allowTab: true })?.character, 'U+0000 NULL');
});

test('replaceUnsafeText puts one space for each run of refused characters; escapeUnsafeText quotes them; trimBlanks trims blanks only', () => {
  assert.equal(replaceUnsafeText('LEGACY\nNAME'), 'LEGACY NAME');
  assert.equal(replaceUnsafeText('\u202EA\u0000\u2028B\u200B'), 'A B');
  assert.equal(replaceUnsafeText('half \ud800'), 'half');
  assert.equal(replaceUnsafeText('天宫 🛰'), '天宫 🛰');
  assert.equal(escapeUnsafeText('"A\u2028B\u202E\u{E0041}"'), '"A\\u2028B\\u202E\\u{E0041}"');
  assert.equal(escapeUnsafeText('Ñandú'), 'Ñandú');
  assert.equal(trimBlanks(' \tX\u2028\t '), 'X\u2028');
  assert.equal(trimBlanks('\u00A0X'), '\u00A0X');
});
