import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createEventBus, type LeadCreatedEvent } from '../../events.ts';
import { announceCreated, announceDeleted } from './announce.ts';

const lead = (leadId: string): LeadCreatedEvent => ({
  leadId,
  projectId: 'p',
  projectName: 'P',
  subreddit: 'sales',
  title: 'Which CRM?',
  url: 'https://www.reddit.com/r/sales/comments/x/',
  score: 80,
  reply: 'Try a spreadsheet first.',
  draftedAt: new Date(0),
});

test('one lead.created event per new lead, in order', () => {
  const events = createEventBus();
  const seen: string[] = [];
  events.on('lead.created', (e) => seen.push(e.leadId));
  announceCreated({ events, log: { info() {}, warn() {} } }, [lead('1'), lead('2'), lead('3')]);
  assert.deepEqual(seen, ['1', '2', '3']);
});

test('a listener that throws is logged and the other leads are still announced', () => {
  const events = createEventBus();
  const warned: unknown[] = [];
  const seen: string[] = [];
  events.on('lead.created', (e) => {
    if (e.leadId === '1') throw new Error('boom');
    seen.push(e.leadId);
  });
  announceCreated({ events, log: { info() {}, warn: (o) => warned.push(o) } }, [lead('1'), lead('2')]);
  assert.deepEqual(seen, ['2']);
  assert.equal(warned.length, 1);
});

test('forgotten leads are announced in one leads.deleted event, and nothing when none were', () => {
  const events = createEventBus();
  const seen: string[][] = [];
  events.on('leads.deleted', (e) => seen.push(e.leadIds));
  const deps = { events, log: { info() {}, warn() {} } };
  announceDeleted(deps, []);
  announceDeleted(deps, [
    { id: 'x', projectId: 'p' },
    { id: 'y', projectId: 'q' },
  ]);
  assert.deepEqual(seen, [['x', 'y']]);
});
