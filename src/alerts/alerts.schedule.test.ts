import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cadenceAllowed, isTimeZone, nextDigestAt } from './alerts.schedule.ts';

test('hourly digests fall on the next full hour, strictly after now', () => {
  assert.equal(
    nextDigestAt('hourly', 8, 'UTC', new Date('2026-12-07T14:05:00Z'))?.toISOString(),
    '2026-12-07T15:00:00.000Z',
  );
  assert.equal(
    nextDigestAt('hourly', 8, 'UTC', new Date('2026-12-07T15:00:00Z'))?.toISOString(),
    '2026-12-07T16:00:00.000Z',
  );
});

test('daily digests fall on the hour of the destination’s time zone, half-hour zones and DST included', () => {
  const at = (tz: string, now: string) => nextDigestAt('daily', 8, tz, new Date(now))?.toISOString();
  assert.equal(at('UTC', '2026-12-07T07:59:00Z'), '2026-12-07T08:00:00.000Z');
  assert.equal(at('UTC', '2026-12-07T08:00:00Z'), '2026-12-08T08:00:00.000Z');
  assert.equal(at('Europe/Berlin', '2026-12-07T12:00:00Z'), '2026-12-08T07:00:00.000Z');
  assert.equal(at('Asia/Kolkata', '2026-12-07T12:00:00Z'), '2026-12-08T02:30:00.000Z');
  // New York in summer (UTC-4) and in winter (UTC-5).
  assert.equal(at('America/New_York', '2026-07-01T00:00:00Z'), '2026-07-01T12:00:00.000Z');
  assert.equal(at('America/New_York', '2026-12-01T00:00:00Z'), '2026-12-01T13:00:00.000Z');
  assert.equal(nextDigestAt('instant', 8, 'UTC', new Date()), null);
});

test('a tier allows its own cadence and slower ones; time zones are checked', () => {
  assert.ok(cadenceAllowed('daily', 'hourly'));
  assert.ok(cadenceAllowed('hourly', 'hourly'));
  assert.ok(!cadenceAllowed('instant', 'hourly'));
  assert.ok(!cadenceAllowed('hourly', 'daily'));
  assert.ok(isTimeZone('Europe/Berlin'));
  assert.ok(!isTimeZone('Mars/Olympus'));
  assert.ok(!isTimeZone(''));
});
