import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ISO_TIMESTAMP_PATTERN, parseIsoTimestamp } from './timestamps.ts';

test('dates and date-times without a zone are UTC; offsets are applied', () => {
  const cases: [string, string][] = [
    ['2026-01-01', '2026-01-01T00:00:00.000Z'],
    ['2026-01-01T00:00:00', '2026-01-01T00:00:00.000Z'],
    ['2026-01-01T09:30', '2026-01-01T09:30:00.000Z'],
    ['2026-01-31T09:00:00Z', '2026-01-31T09:00:00.000Z'],
    ['2026-01-31T09:00:00.250z', '2026-01-31T09:00:00.250Z'],
    ['2026-01-31T09:00:00+02:00', '2026-01-31T07:00:00.000Z'],
    ['2026-01-31T09:00:00-0130', '2026-01-31T10:30:00.000Z'],
  ];
  for (const [text, iso] of cases) {
    assert.match(text, new RegExp(ISO_TIMESTAMP_PATTERN), text);
    assert.equal(parseIsoTimestamp(text)?.toISOString(), iso, text);
  }
});

test('what is not a real date and time is refused by the pattern or the parser', () => {
  for (const text of [
    '2026-13-01',
    '2026-01-32',
    '2026-01-01T24:00',
    'yesterday',
    '2026-1-1',
    '',
    '2026-01-01T',
  ]) {
    assert.doesNotMatch(text, new RegExp(ISO_TIMESTAMP_PATTERN), text);
    assert.equal(parseIsoTimestamp(text), null, text);
  }
  for (const text of [
    '2026-02-30',
    '2025-02-29T10:00:00Z',
    '2026-04-31',
    '1900-02-29',
    '2026-01-01T00:00:60',
  ]) {
    assert.doesNotMatch(text, new RegExp(ISO_TIMESTAMP_PATTERN), text);
    assert.equal(parseIsoTimestamp(text), null, text);
  }
  assert.equal(parseIsoTimestamp('2028-02-29')?.toISOString(), '2028-02-29T00:00:00.000Z');
  assert.equal(parseIsoTimestamp('2000-02-29')?.toISOString(), '2000-02-29T00:00:00.000Z');
  assert.equal(parseIsoTimestamp('0050-03-01')?.toISOString(), '0050-03-01T00:00:00.000Z');
});

test('the schema pattern admits exactly what the parser reads, so the OpenAPI document is honest', () => {
  const pattern = new RegExp(ISO_TIMESTAMP_PATTERN);
  const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
  const text = fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
      two(13),
      two(32),
      fc.option(
        fc.tuple(
          two(25),
          two(61),
          fc.option(two(61)),
          fc.option(fc.tuple(fc.constantFrom('+', '-'), two(25), two(61))),
        ),
      ),
    )
    .map(([y, mo, d, time]) => {
      if (!time) return `${y}-${mo}-${d}`;
      const [h, mi, sec, zone] = time;
      return `${y}-${mo}-${d}T${h}:${mi}${sec ? `:${sec}` : ''}${zone ? `${zone[0]}${zone[1]}:${zone[2]}` : ''}`;
    });
  fc.assert(
    fc.property(text, (t) => pattern.test(t) === (parseIsoTimestamp(t) !== null)),
    { numRuns: 20_000 },
  );
});
