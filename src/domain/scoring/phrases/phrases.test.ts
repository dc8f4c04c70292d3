import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compilePhraseIndex } from '../phrase-index.ts';
import { SIGNAL, SIGNAL_SOURCES } from '../signals.ts';
import * as asking from './asking.ts';
import * as budget from './budget.ts';
import * as buying from './buying.ts';
import * as lowValue from './low-value.ts';
import * as otherNeeds from './other-needs.ts';
import * as pain from './pain.ts';
import * as reading from './reading.ts';
import * as reason from './reason.ts';
import * as reply from './reply.ts';
import * as seller from './seller.ts';
import * as titleTags from './title-tags.ts';

const modules = {
  asking,
  budget,
  buying,
  lowValue,
  otherNeeds,
  pain,
  reading,
  reason,
  reply,
  seller,
  titleTags,
};

/** The phrases of one list that a PhraseIndex finds in lower-case text, as the scorer reads them. */
const found = (sources: readonly string[], text: string) =>
  compilePhraseIndex([sources])
    .scan(text)
    .map((h) => h.text.trim());

test('every phrase list is non-empty, has no repeated entry, and each source compiles as a regex', () => {
  let lists = 0;
  for (const [name, mod] of Object.entries(modules))
    for (const [key, value] of Object.entries(mod)) {
      if (!Array.isArray(value)) continue;
      lists++;
      assert.ok(value.length > 0, `${name}.${key} is empty`);
      const strings = value.filter((v): v is string => typeof v === 'string');
      assert.equal(new Set(strings).size, strings.length, `${name}.${key} repeats an entry`);
      for (const source of strings)
        assert.doesNotThrow(() => new RegExp(source), `${name}.${key}: ${source} does not compile`);
    }
  assert.ok(lists >= 20, `only ${lists} phrase lists found`);
});

test('the signal groups compile into one index, one source list per group', () => {
  assert.equal(SIGNAL_SOURCES.length, Object.keys(SIGNAL).length);
  const index = compilePhraseIndex(SIGNAL_SOURCES);
  const groups = new Set(
    index.scan('can anyone recommend a booking app? too expensive. check out my site').map((h) => h.group),
  );
  for (const g of [SIGNAL.seekProduct, SIGNAL.pain, SIGNAL.pitch])
    assert.ok(groups.has(g), `group ${g} not found`);
});

test('representative buyer phrases are found, as whole words', () => {
  assert.deepEqual(found(asking.SEEKING_PRODUCT, 'can anyone recommend a booking app'), ['recommend']);
  assert.ok(found(asking.SEEKING, 'any good invoicing software for plumbers?').length > 0);
  assert.ok(found(asking.PERSON_ASKED, 'looking for an excel expert to fix a macro').length > 0);
  assert.ok(found(buying.COMPARING, 'alternatives to calendly for a salon').includes('alternatives to'));
  assert.ok(found(buying.PURCHASE, 'ready to buy this week').length > 0);
  assert.ok(found(buying.NO_BUDGET, 'we have no budget for this').length > 0);
  assert.deepEqual(found(buying.NO_BUDGET, 'is there a no budget limit plan'), []);
  assert.ok(found(otherNeeds.LEGAL_QUESTION, 'should i go to small claims court').length > 0);
  assert.ok(otherNeeds.SELLS_LEGAL.test('contract review for landlords'));
  // Whole words only: "recommendations" is one, "unrecommended" is not a request.
  assert.deepEqual(found(asking.SEEKING_PRODUCT, 'totally unrecommendedx'), []);
});

test('representative pain, low-value and seller phrases are found', () => {
  assert.ok(found(pain.PAIN, 'quickbooks is too expensive for us').includes('too expensive'));
  assert.ok(found(lowValue.LOW_VALUE, 'lessons learned from my first year').includes('lessons learned'));
  assert.ok(found(lowValue.ADVICE, 'my advice: ask for a deposit').includes('my advice'));
  assert.ok(found(seller.SELLER_PITCH, 'check out my new app').includes('check out my'));
  assert.ok(found(seller.SELLER_SELF, 'introducing a better invoice tool').includes('introducing'));
});

test('the title tags, budget words and reason words read as they say', () => {
  assert.ok(titleTags.TAG_FOR_HIRE.test('[for hire] logo designer'));
  assert.ok(titleTags.TAG_REQUEST.test('[bifl request] winter boots'));
  assert.ok(titleTags.TAG_HIRING.test('[hiring] copywriter'));
  assert.ok(budget.NAMED_BUDGET.test('my budget is about '));
  assert.ok(budget.REFUSED_AMOUNT.test('just not '));
  assert.ok(budget.EARNED.test('we make about '));
  assert.ok(reading.MARKETS_OWN.test('how do i promote my app'));
  assert.ok(reason.GOODS.test('laptops'));
  assert.equal(reason.LOW_KINDS.find(([re]) => re.test('honest review'))?.[1], 'a review');
  assert.ok(reply.ASKS_SOFTWARE.test('need booking software'));
  assert.ok(reply.LABEL_WORDS.test('Demo'));
});
