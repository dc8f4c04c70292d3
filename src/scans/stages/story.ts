import type { Queryable } from '../../db/client.ts';
import {
  groupStories,
  homeFirst,
  STORY_WINDOW_DAYS,
  type StoryItem,
  type StoryPrint,
  sameStory,
  storyPrint,
} from '../../domain/story.ts';
import { createScanLeadsRepo, type NewLead } from '../scan-leads.repo.ts';
import { createStoriesRepo, type KeyedLead, type Lift, type NewPlace } from '../stories.repo.ts';
import type { BelowThreshold } from './score.ts';

/** A match of a unit as a copy of a story: `lead` is set when it reached its project's threshold. */
type Copy = BelowThreshold & { lead?: NewLead };

/**
 * The keys a copy is found and looked up by: all of them for a lead, only the exact ones (a cross-post, the same
 * body) for a copy below its threshold, which would not be a lead on its own; this also keeps the scan's work for
 * the many matches below the threshold small.
 */
const keysOf = (c: Copy, p: StoryPrint = storyPrint(c.item)) => (c.lead ? p.keys : p.exact);

const WINDOW_MS = STORY_WINDOW_DAYS * 86_400_000;
/** Older leads keyed at once when a process first scans their project (leads from before story keys). */
const KEY_AT_ONCE = 5000;

const itemKey = (c: Pick<Copy, 'projectId' | 'item'>) =>
  `${c.projectId}/${c.item.postId}/${c.item.kind === 'comment' ? c.item.id : ''}`;

const homeOf = (l: Pick<KeyedLead, 'kind' | 'itemId' | 'title' | 'body'>): StoryItem => ({
  kind: l.kind,
  id: l.itemId,
  title: l.title,
  body: l.body,
});

const higher = (a: Copy, b: Copy) => b.score - a.score || homeFirst(a.item, b.item);

/**
 * Each project's copies of one item once (the higher score kept), without the items already a lead or a place of
 * the project, grouped into stories.
 */
function storiesOf(copies: Copy[], known: Set<string>): Copy[][] {
  const once = new Map<string, Copy>();
  for (const c of copies) {
    const key = itemKey(c);
    const seen = once.get(key);
    if (!known.has(key) && (!seen || higher(c, seen) < 0)) once.set(key, c);
  }
  const byProject = new Map<string, Copy[]>();
  for (const c of once.values()) {
    const list = byProject.get(c.projectId);
    if (list) list.push(c);
    else byProject.set(c.projectId, [c]);
  }
  return [...byProject.values()].flatMap((list) => groupStories(list, (c) => c.item, keysOf));
}

/**
 * The lead each story already has, if any: a live lead of the project holding one of the story's keys, posted
 * within the story window of a copy, whose home is the same story (an exact key says so by itself); the oldest
 * when several are.
 */
function existingLeads(stories: Copy[][], found: KeyedLead[]): Map<number, KeyedLead> {
  const homes = new Map<string, StoryPrint>();
  const out = new Map<number, KeyedLead>();
  for (const k of found) {
    const story = stories[k.ask]!;
    if (!story.some((c) => Math.abs(c.item.createdAt.getTime() - k.postedAt.getTime()) <= WINDOW_MS))
      continue;
    if (!k.exact) {
      const home = homes.get(k.leadId) ?? storyPrint(homeOf(k));
      homes.set(k.leadId, home);
      if (!story.some((c) => sameStory(storyPrint(c.item), home))) continue;
    }
    const chosen = out.get(k.ask);
    const t = k.postedAt.getTime();
    const older =
      !chosen ||
      t < chosen.postedAt.getTime() ||
      (t === chosen.postedAt.getTime() && k.leadId < chosen.leadId);
    if (older) out.set(k.ask, k);
  }
  return out;
}

/**
 * Writes a unit's leads one per story (docs/decisions/0120-one-lead-per-story.md), in the caller's transaction.
 * Copies found together are one story: a new lead whose home is the first post among them (else the first
 * comment), with the best copy's score, stage, reason and draft, and the others as its places. A story that is
 * already a lead of the project adds its copies to that lead's places and lifts its score when a copy scores
 * higher; it makes no new lead, so nothing is announced for it. Copies below their threshold make no lead of
 * their own but are places of a lead they copy exactly. Returns the new leads with their ids.
 */
export async function writeStoryLeads(
  tx: Queryable,
  leads: NewLead[],
  below: BelowThreshold[],
  now: Date,
): Promise<Map<NewLead, string>> {
  const copies: Copy[] = [...leads.map((lead) => ({ ...lead, lead })), ...below];
  if (!copies.length) return new Map();
  const repo = createStoriesRepo(tx);
  const projectIds = copies.map((c) => c.projectId);
  await repo.lockProjects(projectIds);
  const known = await repo.knownItems(
    projectIds,
    copies.map((c) => c.item.postId),
  );
  const stories = storiesOf(copies, known);
  const found = await repo.leadsByKeys(
    stories.flatMap((story, ask) =>
      [...new Set(story.flatMap((c) => keysOf(c)))].map((key) => ({
        ask,
        projectId: story[0]!.projectId,
        key,
      })),
    ),
  );
  const existing = existingLeads(stories, found);

  const places: NewPlace[] = [];
  const lifts: Lift[] = [];
  const newLeads: NewLead[] = [];
  const othersOf = new Map<NewLead, Copy[]>();
  stories.forEach((story, ask) => {
    const best = [...story].sort(higher)[0]!;
    const lead = existing.get(ask);
    if (lead) {
      for (const c of story)
        places.push({ leadId: lead.leadId, projectId: c.projectId, item: c.item, score: c.score });
      if (best.score > lead.score) {
        const { score, stage, reason, sellerSide } = best;
        lifts.push({ leadId: lead.leadId, score, stage, reason, sellerSide });
      }
      return;
    }
    if (!best.lead) return;
    const home = [...story].sort((a, b) => homeFirst(a.item, b.item))[0]!;
    const fresh = home === best ? best.lead : { ...best.lead, item: home.item };
    newLeads.push(fresh);
    othersOf.set(
      fresh,
      story.filter((c) => c !== home),
    );
  });

  const created = await createScanLeadsRepo(tx).insertLeads(newLeads);
  const keys: { projectId: string; key: string; leadId: string }[] = [];
  for (const [lead, leadId] of created) {
    for (const key of storyPrint(lead.item).keys) keys.push({ projectId: lead.projectId, key, leadId });
    for (const c of othersOf.get(lead) ?? [])
      places.push({ leadId, projectId: c.projectId, item: c.item, score: c.score });
  }
  for (const p of await repo.insertPlaces(places, now)) {
    for (const key of storyPrint(p.item).exact) keys.push({ projectId: p.projectId, key, leadId: p.leadId });
  }
  await repo.insertKeys(keys);
  await repo.lift(lifts, now);
  return created;
}

/**
 * Keys a project's post leads of the story window that have none (found before story keys existed), so that their
 * copies are found too; at most KEY_AT_ONCE, newest first. Returns how many were keyed.
 */
export async function keyOlderLeads(db: Queryable, projectId: string, now: Date): Promise<number> {
  const repo = createStoriesRepo(db);
  const recent = await repo.recentPostLeads(projectId, new Date(now.getTime() - WINDOW_MS), KEY_AT_ONCE);
  // A keyed post lead holds the key of its own post id.
  const idKey = (postId: string) => storyPrint({ kind: 'post', id: postId, title: '', body: '' }).exact[0]!;
  const held = await repo.heldKeys(
    projectId,
    recent.map((r) => idKey(r.post_id)),
  );
  const rows = await repo.leadTexts(recent.filter((r) => !held.has(idKey(r.post_id))).map((r) => r.id));
  const keys = rows.flatMap((r) =>
    storyPrint(homeOf({ kind: 'post', itemId: r.post_id, title: r.title, body: r.body })).keys.map((key) => ({
      projectId,
      key,
      leadId: r.id,
    })),
  );
  await repo.insertKeys(keys);
  return rows.length;
}
