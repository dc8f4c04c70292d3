// One story told several times (docs/decisions/0120-one-lead-per-story.md), as the service meets it: a local Reddit
// answering in the recorded wire format holds a post, the author's double post, the author's copy in another
// subreddit, a cross-post of it, and a day later the author's near copy; beside them two posts under one title with
// different bodies, and a short generic post written twice. The service scans it on the Reddit adapter.
import assert from 'node:assert/strict';
import { fixedClock } from '../src/clock.ts';
import type { Config } from '../src/config/index.ts';
import { onRedditFake, type RedditFake, startRedditFake, wirePost } from './fakes/reddit-fake.ts';
import { createAccount, createProject, startTestApp, type TestApp, testConfig } from './harness.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const SUBS = ['salonowners', 'hairstylist', 'smallbusiness'] as const;

export const STORY =
  'Our salon has three chairs and we lose about six bookings a week to phone tag and no-shows. We are looking ' +
  'for booking software that takes deposits, sends SMS reminders and costs under fifty dollars a month. What ' +
  'do you use, and would you pick it again?';
const TITLE = 'Booking software that takes deposits?';
const SAME_TITLE = 'Which booking software do you use?';

/** The posts by id: where each is, who wrote it and when (minutes after the first). */
export const POSTS = {
  home: { sub: SUBS[0], author: 'salon_sam', at: 0 },
  double: { sub: SUBS[0], author: 'salon_sam', at: 5 },
  copy: { sub: SUBS[1], author: 'salon_sam', at: 10 },
  xpost: { sub: SUBS[2], author: 'chair_rental_kim', at: 20 },
  later: { sub: SUBS[0], author: 'salon_sam', at: 24 * 60 },
  titleA: { sub: SUBS[0], author: 'barber_bo', at: 30 },
  titleB: { sub: SUBS[1], author: 'nails_nia', at: 31 },
  genericA: { sub: SUBS[1], author: 'new_owner_1', at: 40 },
  genericB: { sub: SUBS[2], author: 'new_owner_2', at: 41 },
} as const;
export type PostName = keyof typeof POSTS;

/** Reddit's base-36 ids for the posts. */
export const ID: Record<PostName, string> = {
  home: 'st1a',
  double: 'st1b',
  copy: 'st1c',
  xpost: 'st1d',
  later: 'st1e',
  titleA: 'st2a',
  titleB: 'st2b',
  genericA: 'st3a',
  genericB: 'st3b',
};
export const urlOf = (name: PostName) =>
  `https://www.reddit.com/r/${POSTS[name].sub}/comments/${ID[name]}/post_${ID[name]}/`;

export interface StoryScenario {
  t: TestApp;
  fake: RedditFake;
  acct: Awaited<ReturnType<typeof createAccount>>;
  projectId: string;
  clock: ReturnType<typeof fixedClock>;
  /** Scans the project once, to the end. */
  scan(): Promise<void>;
  /** A day later: the author's near copy is posted, and the project scanned again. */
  nextDay(): Promise<void>;
  close(): Promise<void>;
}

export async function startStoryScenario(
  opts: { config?: Partial<Config>; beforeFirstScan?: (s: StoryScenario) => Promise<void> } = {},
): Promise<StoryScenario> {
  // 08:00 UTC today, the first post half an hour before.
  const clock = fixedClock(new Date(Math.floor(Date.now() / DAY) * DAY + 8 * HOUR));
  const first = clock.now().getTime() - 30 * MINUTE - 41 * MINUTE;
  const fake = await startRedditFake();
  const wire = (name: PostName, title: string, selftext: string, extra: Record<string, unknown> = {}) =>
    wirePost(POSTS[name].sub, ID[name], {
      title,
      selftext,
      author: POSTS[name].author,
      created: new Date(first + POSTS[name].at * MINUTE),
      ...extra,
    });
  const home = wire('home', TITLE, STORY);
  const posts = [
    home,
    wire('double', TITLE, STORY),
    wire('copy', `[Advice] ${TITLE}`, STORY.replaceAll(' ', '  ')),
    // A cross-post has no text of its own: Reddit carries its parent's in crosspost_parent_list.
    wire('xpost', TITLE, '', { crosspost_parent: `t3_${ID.home}`, crosspost_parent_list: [home.data] }),
    wire(
      'titleA',
      SAME_TITLE,
      'I cut hair alone in a rented booth and most clients text me to book. I want booking software with a ' +
        'waitlist so gaps after cancellations fill themselves, ideally free for one person. Anything like that?',
    ),
    wire(
      'titleB',
      SAME_TITLE,
      'We are a nail studio with five techs and every tech keeps a paper diary. The owner wants booking ' +
        'software that shows all five calendars on one screen and takes card payments at the desk. Suggestions?',
    ),
    wire('genericA', 'Booking software?', 'Any recommendations?'),
    wire('genericB', 'Booking software?', 'Any recommendations?'),
  ];
  const later = wire('later', `Still looking: ${TITLE.toLowerCase()}`, `${STORY} Edit: still looking!`);
  const listingOf = (sub: string, list: typeof posts) =>
    list.filter((p) => p.data.subreddit === sub).sort((a, b) => b.data.created_utc - a.data.created_utc);
  const publish = (list: typeof posts) => {
    for (const sub of SUBS) fake.setPosts(sub, listingOf(sub, list));
  };
  publish(posts);

  const t = await startTestApp({
    clock,
    config: { meaning: false, ...opts.config, upstream: onRedditFake(fake, testConfig().upstream) },
  });
  const acct = await createAccount(t.services);
  const projectId = (
    await createProject(t.services, acct.userId, {
      name: 'ChairTime',
      keywords: ['booking software'],
      subreddits: [...SUBS],
      // Every match is a lead: what is counted here is how many leads a story makes, not how they score.
      scoreThreshold: 0,
    })
  ).id;
  const scan = async () => {
    const queued = await t.services.scans.requestScan(projectId, 'dashboard');
    const done = await t.services.scans.waitForScan(queued.scanId, 60_000);
    assert.equal(done.status, 'done', JSON.stringify(done));
  };
  const s: StoryScenario = {
    t,
    fake,
    acct,
    projectId,
    clock,
    scan,
    async nextDay() {
      clock.advance(DAY);
      publish([...posts, later]);
      await scan();
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
  await opts.beforeFirstScan?.(s);
  await scan();
  return s;
}
