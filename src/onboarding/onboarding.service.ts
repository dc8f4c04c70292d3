import type { Clock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import { AppError, type FieldProblem, InvalidFields } from '../contract/errors.ts';
import type { Db } from '../db/client.ts';
import { parseKeyword } from '../domain/matching.ts';
import { itemText, type MeaningVectors, profileTexts, type ScoringProfile } from '../domain/scoring.ts';
import { normalizeSubreddit } from '../domain/subreddit-name.ts';
import { type ProfileSuggestion, readProduct, suggestProfile } from '../domain/suggestion/suggest.ts';
import { createLimiter } from '../limiter.ts';
import type { Embedder } from '../scoring/embedder.ts';
import type { RedditItem, UpstreamCall, UpstreamSource } from '../upstream/source.ts';
import type { SpendCapService } from '../usage/spend-cap.service.ts';
import { askModel, LLM_SUGGEST_API } from './onboarding.llm.ts';
import { createOnboardingRepo } from './onboarding.repo.ts';
import type { Preview, PreviewInput, SuggestInput, Suggestion } from './onboarding.schemas.ts';
import { createPageFetcher } from './page-fetch.ts';
import { readDescription, readPage } from './page-read.ts';
import {
  exampleCandidates,
  type FreshLook,
  PREVIEW_DAYS,
  previewOf,
  reachOf,
  SUBREDDITS_PROPOSED,
  subredditsFor,
  type Window,
} from './preview.ts';

const DAY_MS = 86_400_000;
/** The newest stored items of the window read at most: enough for shares and examples, bounded in memory. */
const WINDOW_READ_LIMIT = 10_000;
/** A window read is reused this long: a person editing keywords previews again and again within a minute. */
const WINDOW_REUSE_MS = 30_000;
/** Page reads at once across the process: each holds a connection and up to ONBOARDING_PAGE_MAX_BYTES. */
const PAGE_READS_AT_ONCE = 4;
/** Candidate phrases counted against the window before the keywords are chosen. */
const CANDIDATES_COUNTED = 80;
const MIN_DESCRIPTION_CHARS = 20;
/** Subreddits one fresh look reads at most: each costs as a scan's first read of it does. */
export const FRESH_SUBREDDITS = 5;

/** None of the upstream adapters (src/upstream/) offers a subreddit search; said in every suggestion's notes. */
const NO_SUBREDDIT_SEARCH =
  'Subreddits come from where the keywords match in posts already stored: the configured upstream offers no ' +
  'subreddit search.';

/**
 * Onboarding (docs/onboarding.md): a project profile suggested from a product page and/or a paragraph, and the
 * preview of keywords and subreddits over the stored posts of the last 7 days. Nothing is written but the model's
 * call in usage, when an LLM is configured.
 */
export function createOnboardingService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  fetch?: typeof fetch;
  /** For a fresh look (`fresh: true`); without it a preview reads stored data only. */
  upstream?: UpstreamSource;
  spendCap?: SpendCapService;
  /** The meaning stage's encoder, so that the examples score as a scan scores them; null: local scores. */
  embedder?: Embedder | null;
}) {
  const { config, clock } = deps;
  const repo = createOnboardingRepo(deps.db);
  const pages = createPageFetcher(config);
  const limit = createLimiter(PAGE_READS_AT_ONCE);

  // One read of the window at a time, shared by the calls that wait for it and reused for WINDOW_REUSE_MS.
  let window: { at: number; read: Promise<Window> } | null = null;
  function loadWindow(): Promise<Window> {
    const now = clock.now().getTime();
    if (window && now - window.at < WINDOW_REUSE_MS) return window.read;
    const since = new Date(now - PREVIEW_DAYS * DAY_MS);
    const read = repo.windowItems(since, WINDOW_READ_LIMIT);
    window = { at: now, read };
    read.catch(() => {
      if (window?.read === read) window = null;
    });
    return read;
  }

  /** The subreddits as written, each checked; a bad one is an invalid field naming it. */
  function checkSubreddits(raw: string[] | undefined, problems: FieldProblem[]): string[] {
    const out: string[] = [];
    for (const s of raw ?? []) {
      const n = normalizeSubreddit(s);
      if ('error' in n) problems.push({ field: 'subreddits', message: `${n.error}.` });
      else if (!out.some((o) => o.toLowerCase() === n.name.toLowerCase())) out.push(n.name);
    }
    return out;
  }

  function checkKeywords(raw: string[] | undefined, problems: FieldProblem[]): string[] {
    const out: string[] = [];
    for (const k of raw ?? []) {
      if (!parseKeyword(k)) problems.push({ field: 'keywords', message: `"${k}" has no word to match.` });
      else if (!out.includes(k.trim())) out.push(k.trim());
    }
    return out;
  }

  /**
   * Reads the subreddits' last PREVIEW_DAYS of posts from the upstream, as a scan's first read of them does, and
   * records every call on the account's usage. A subreddit that fails, or the daily spend cap reached, is said and
   * skipped; the items join the stored window for this preview only (the first scan buys its own).
   */
  async function freshLook(userId: string, subreddits: string[], base: Window) {
    const since = new Date(clock.now().getTime() - PREVIEW_DAYS * DAY_MS);
    const look: FreshLook = { subreddits: [], items: 0, calls: 0, costUsd: 0, problems: [] };
    const seen = new Set(base.items.map((i) => `${i.kind}:${i.id}`));
    const items = [...base.items];
    for (const subreddit of subreddits) {
      if (!deps.upstream) {
        look.problems.push('this service has no upstream to read from');
        break;
      }
      if (deps.spendCap && !(await deps.spendCap.check(userId)).canBuy) {
        look.problems.push(`r/${subreddit} and after: the daily spend cap is reached`);
        break;
      }
      const calls: UpstreamCall[] = [];
      try {
        const got = await deps.upstream.subredditNew(subreddit, null, (call) => void calls.push(call), {
          reachBack: since,
        });
        look.subreddits.push(subreddit);
        for (const item of got.items) {
          const key = `${item.kind}:${item.id}`;
          if (item.createdAt < since || seen.has(key)) continue;
          seen.add(key);
          items.push(item);
          look.items++;
        }
      } catch (err) {
        look.problems.push(`r/${subreddit}: ${(err as Error).message}`);
      }
      for (const call of calls) {
        await repo.recordAccountCall(userId, call.api, call.costUsd, call.ok, clock.now());
        look.calls++;
        look.costUsd += call.costUsd;
      }
    }
    look.costUsd = Math.round(look.costUsd * 1e6) / 1e6;
    return { window: { items, total: base.total + look.items }, look };
  }

  /**
   * The meaning stage's vectors of the posts likeliest to be examples, so that an example's score is the one a
   * scan would give it (without them a post the stage holds down, another product's request, showed its local
   * score). The encoder failing leaves local scores, as in a scan.
   */
  async function meaningFor(
    window: Window,
    keywords: string[],
    subreddits: string[],
    profile: ScoringProfile,
  ): Promise<(item: RedditItem) => MeaningVectors | undefined> {
    const none = () => undefined;
    if (!deps.embedder) return none;
    const posts = exampleCandidates(
      window,
      keywords.filter((k) => parseKeyword(k)),
      subreddits,
      profile,
    );
    if (!posts.length) return none;
    const profileText = profileTexts(profile);
    try {
      const vectors = await deps.embedder.embed([...posts.map(itemText), ...profileText]);
      const profileVectors = vectors.slice(posts.length);
      const byPost = new Map(posts.map((p, i) => [p.id, vectors[i]!]));
      return (item) => {
        const post = item.kind === 'post' ? byPost.get(item.id) : undefined;
        return post ? { post, profile: profileVectors } : undefined;
      };
    } catch {
      return none;
    }
  }

  /** The preview, with a fresh look at its subreddits when asked (refused without any, or with too many). */
  async function previewWith(
    userId: string,
    fresh: boolean | undefined,
    keywords: string[],
    subreddits: string[],
    profile: ScoringProfile,
  ): Promise<Preview> {
    const stored = await loadWindow();
    const { window, look } =
      fresh && subreddits.length
        ? await freshLook(userId, subreddits, stored)
        : { window: stored, look: null };
    const meaning = await meaningFor(window, keywords, subreddits, profile);
    return previewOf(window, keywords, subreddits, profile, look, meaning);
  }

  /** A fresh look reads named subreddits, a few at a time. */
  function checkFresh(fresh: boolean | undefined, subreddits: string[], problems: FieldProblem[]) {
    if (fresh && subreddits.length > FRESH_SUBREDDITS)
      problems.push({
        field: 'subreddits',
        message: `A fresh look reads at most ${FRESH_SUBREDDITS} subreddits (got ${subreddits.length}).`,
      });
  }

  const scoringProfile = (p: Omit<ProfileSuggestion, 'keywords'>, keywords: string[]): ScoringProfile => ({
    name: p.name,
    url: p.url,
    pain: p.pain,
    solution: p.solution,
    targetUsers: p.targetUsers,
    geography: p.geography,
    budgetFit: p.budgetFit,
    keywords: keywords.filter((k) => !k.startsWith('-')),
    competitors: p.competitors,
  });

  return {
    /**
     * The suggested profile for a page (`url`), a paragraph (`description`) or both, with its preview (of the
     * caller's `keywords` and `subreddits` when given). Bad input is invalid_request and changes nothing.
     */
    async suggest(owner: { userId: string }, input: SuggestInput): Promise<Suggestion> {
      const url = input.url?.trim() || null;
      const description = input.description?.trim() || null;
      const problems: FieldProblem[] = [];
      if (!url && !description) {
        throw new AppError(
          'invalid_request',
          "Give the product's page (url) or a paragraph about it (description), or both.",
        );
      }
      if (description && description.length < MIN_DESCRIPTION_CHARS) {
        problems.push({
          field: 'description',
          message: `Write at least a sentence (${MIN_DESCRIPTION_CHARS} characters): what the product does and for whom.`,
        });
      }
      const keywords = checkKeywords(input.keywords, problems);
      const subreddits = checkSubreddits(input.subreddits, problems);
      checkFresh(input.fresh, subreddits, problems);
      if (problems.length) throw new InvalidFields(problems);
      if (url) pages.checkUrl(url);

      const [text, window] = await Promise.all([
        url
          ? limit(() => pages.fetchPage(url)).then((page) => readPage(page.html, page.url, description))
          : Promise.resolve(readDescription(description!)),
        loadWindow(),
      ]);
      const read = readProduct(text);
      const reach = reachOf(
        window,
        read.candidates.slice(0, CANDIDATES_COUNTED).map((c) => c.text),
      );
      let profile = suggestProfile(read, reach);
      let method: Suggestion['method'] = 'local';
      let costUsd = 0;
      let modelSubreddits: string[] = [];
      const notes = [NO_SUBREDDIT_SEARCH];
      if (config.llm) {
        const outcome = await askModel(config.llm, text, deps.fetch);
        costUsd = outcome.costUsd;
        await repo.recordAccountCall(owner.userId, LLM_SUGGEST_API, outcome.costUsd, outcome.ok, clock.now());
        if (outcome.ok) {
          const m = outcome.suggestion.profile;
          method = 'llm';
          modelSubreddits = outcome.suggestion.subreddits;
          // The page's own competitors stay first; the model's words fill what the page did not say.
          profile = {
            ...m,
            keywords:
              m.keywords.filter((k) => !k.startsWith('-')).length >= 5 ? m.keywords : profile.keywords,
            competitors: [...new Set([...profile.competitors, ...m.competitors])].slice(0, 10),
            geography: m.geography ?? profile.geography,
            budgetFit: m.budgetFit ?? profile.budgetFit,
          };
        } else notes.push(`The model's suggestion failed (${outcome.error}); this is the local one.`);
      }
      const stored = subredditsFor(
        window,
        profile.keywords.filter((k) => !k.startsWith('-')).length ? profile.keywords : [],
      );
      const suggested = [...stored];
      for (const s of modelSubreddits)
        if (
          suggested.length < SUBREDDITS_PROPOSED &&
          !suggested.some((x) => x.toLowerCase() === s.toLowerCase())
        )
          suggested.push(s);
      if (!suggested.length)
        notes.push(
          'No stored posts of the last 7 days match the keywords yet, so no subreddit is suggested.',
        );
      const project = { ...profile, subreddits: suggested };
      if (input.fresh && !input.subreddits && !suggested.length)
        notes.push('No subreddit to read fresh: name some (subreddits) to preview them from the upstream.');
      const previewKeywords = keywords.length ? keywords : project.keywords;
      const preview = await previewWith(
        owner.userId,
        input.fresh,
        previewKeywords,
        (input.subreddits ? subreddits : project.subreddits).slice(
          0,
          input.fresh ? FRESH_SUBREDDITS : undefined,
        ),
        scoringProfile(project, previewKeywords),
      );
      return { project, preview, costUsd: costUsd + preview.costUsd, method, notes };
    },

    /**
     * The preview alone, for keywords and subreddits as a form holds them (no page read; no cost unless a fresh
     * look is asked, which is recorded on the owner's usage).
     */
    async preview(owner: { userId: string }, input: PreviewInput): Promise<Preview> {
      const problems: FieldProblem[] = [];
      const keywords = checkKeywords(input.keywords, problems);
      const subreddits = checkSubreddits(input.subreddits, problems);
      checkFresh(input.fresh, subreddits, problems);
      if (input.fresh && !subreddits.length)
        problems.push({ field: 'subreddits', message: 'A fresh look reads subreddits: name at least one.' });
      if (problems.length) throw new InvalidFields(problems);
      const p = input.profile ?? {};
      const profile = {
        name: p.name ?? '',
        url: p.url ?? null,
        pain: p.pain ?? null,
        solution: p.solution ?? null,
        targetUsers: p.targetUsers ?? null,
        geography: p.geography ?? null,
        budgetFit: p.budgetFit ?? null,
        competitors: p.competitors ?? [],
      };
      return previewWith(owner.userId, input.fresh, keywords, subreddits, scoringProfile(profile, keywords));
    },

    close: () => pages.close(),
  };
}
export type OnboardingService = ReturnType<typeof createOnboardingService>;
