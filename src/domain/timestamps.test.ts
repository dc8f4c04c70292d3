import assert from 'node:assert/strict';
import { test } from 'node:test';
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
  for (const text of ['2026-02-30', '2025-02-29T10:00:00Z', '2026-04-31']) {
    assert.match(text, new RegExp(ISO_TIMESTAMP_PATTERN), text);
    assert.equal(parseIsoTimestamp(text), null, text);
  }
  assert.equal(parseIsoTimestamp('2028-02-29')?.toISOString(), '2028-02-29T00:00:00.000Z');
});
