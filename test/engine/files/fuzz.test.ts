/**
 * Mutation fuzzing of every parser with a fixed seed: truncations, deleted / duplicated / swapped lines, corrupted
 * numbers and random bytes. A parser may accept a mutated file, but any failure must be a CcsdsParseError (with a
 * line when it concerns a line) — never a TypeError, RangeError or a hang.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CcsdsParseError } from '../../../engine/files/common/errors.ts';
import { parseOcm } from '../../../engine/files/ocm/ocmReader.ts';
import { parseOem } from '../../../engine/files/oem/oemReader.ts';
import { parseOpm } from '../../../engine/files/opm/opmReader.ts';
import { parseTdm } from '../../../engine/files/tdm/tdmReader.ts';
import { parseSp3 } from '../../../engine/files/sp3/sp3Reader.ts';
import { fixture, fixtureNames } from './helpers.ts';
import { seededRandom } from '../../helpers/random.ts';

const PARSERS: Record<string, (text: string) => unknown> = {
  ocm: parseOcm, oem: parseOem, opm: parseOpm, tdm: parseTdm, sp3: parseSp3,
};
const NASTY = ['<', '>', '&', '&x;', '=', '[', ']', '"', "'", '\u0000', '\t', '\r', '\n', 'é', '\u{1F600}', '<!DOCTYPE a>', ']]>', '<![CDATA[', 'NaN', '1e999', '-', '.', 'META_START', 'COVARIANCE_START', 'EOF', '*  '];

function mutate(text: string, rnd: () => number): string {
  const pick = (n: number) => Math.floor(rnd() * n);
  const lines = text.split('\n');
  switch (pick(7)) {
    case 0: // truncate anywhere
      return text.slice(0, pick(text.length));
    case 1: // delete a line
      lines.splice(pick(lines.length), 1);
      return lines.join('\n');
    case 2: { // duplicate a line
      const i = pick(lines.length);
      lines.splice(i, 0, lines[i]!);
      return lines.join('\n');
    }
    case 3: { // swap two lines
      const i = pick(lines.length);
      const j = pick(lines.length);
      [lines[i], lines[j]] = [lines[j]!, lines[i]!];
      return lines.join('\n');
    }
    case 4: { // corrupt a digit
      const digits = [...text.matchAll(/\d/g)].map((m) => m.index!);
      if (digits.length === 0) return text;
      const at = digits[pick(digits.length)]!;
      const replacement = ['x', '.', '-', 'e', ' ', '9'.repeat(400), ''][pick(7)]!;
      return text.slice(0, at) + replacement + text.slice(at + 1);
    }
    case 5: { // insert nasty text
      const at = pick(text.length + 1);
      return text.slice(0, at) + NASTY[pick(NASTY.length)]! + text.slice(at);
    }
    default: { // random bytes
      const at = pick(text.length + 1);
      const bytes = Array.from({ length: 1 + pick(8) }, () => String.fromCharCode(pick(256))).join('');
      return text.slice(0, at) + bytes + text.slice(at + pick(4));
    }
  }
}

test('fuzz: mutated valid files either parse or fail with CcsdsParseError', { timeout: 120_000 }, () => {
  const rnd = seededRandom(0xa9515);
  let accepted = 0;
  let rejected = 0;
  for (const [directory, parse] of Object.entries(PARSERS)) {
    for (const name of fixtureNames(directory)) {
      const original = fixture(directory, name);
      let valid = true;
      try {
        parse(original);
      } catch {
        valid = false;
      }
      if (!valid) continue; // malformed samples have their own tests
      for (let round = 0; round < 80; round++) {
        let mutated = mutate(original, rnd);
        if (rnd() < 0.3) mutated = mutate(mutated, rnd);
        const started = performance.now();
        try {
          parse(mutated);
          accepted++;
        } catch (error) {
          if (!(error instanceof CcsdsParseError)) {
            assert.fail(`${directory}/${name} round ${round}: ${String(error)}\n--- input ---\n${mutated.slice(0, 2000)}`);
          }
          if (error.line > 0) assert.match(error.message, /^line \d+: /);
          rejected++;
        }
        assert.ok(performance.now() - started < 2000, `${directory}/${name} round ${round} took too long`);
      }
    }
  }
  assert.ok(rejected > 1000, `most mutations are rejected (${rejected} rejected, ${accepted} accepted)`);
  assert.ok(accepted > 50, 'some mutations (e.g. duplicated comments) are still valid');
});
