import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BROAD_SHARE, HEALTH_MIN_ITEMS, keywordWarning } from './keyword-health.ts';

const week = (matches: number | null, items = 1000) => ({ matches, items, days: 7 });

test('a generic product word is warned about, with its share and a phrase that says what for', () => {
  const w = keywordWarning('software', week(230), { topic: 'invoicing' });
  assert.equal(w?.kind, 'generic');
  assert.equal(
    w?.message,
    'Matches 23% of the 1,000 posts and comments of the last 7 days: “software” names only a kind of product, so ' +
      'it finds people asking for any software. Add what the software is for, e.g. “invoicing software”.',
  );
  // Without counts (nothing stored yet) the warning stands on the word alone.
  assert.match(keywordWarning('apps', week(null, 0))?.message ?? '', /^“apps” names only a kind of product/);
  assert.equal(keywordWarning('"the tool"', week(3))?.kind, 'generic');
});

test('a phrase of the field is fine: "late payment", "invoicing software"', () => {
  assert.equal(keywordWarning('late payment', week(4)), null);
  assert.equal(keywordWarning('invoicing software', week(12)), null);
  assert.equal(keywordWarning('-hiring', week(0)), null, 'an exclusion matches nothing by design');
});

test('a large share of the window is broad; nothing at all in a large enough window is silent', () => {
  assert.equal(keywordWarning('help', week(BROAD_SHARE * 1000))?.kind, 'broad');
  assert.equal(keywordWarning('help', week(BROAD_SHARE * 1000 - 1)), null);
  assert.match(keywordWarning('help', week(196))?.message ?? '', /^Matches 20% of the 1,000 posts/);
  assert.equal(keywordWarning('zebra crossing', week(0))?.kind, 'silent');
  // Too few items to tell: no share and no silence is judged.
  assert.equal(keywordWarning('zebra crossing', week(0, HEALTH_MIN_ITEMS - 1)), null);
  assert.equal(keywordWarning('help', week(50, HEALTH_MIN_ITEMS - 1)), null);
});
