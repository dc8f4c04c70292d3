import type { Clock } from '../clock.ts';
import type { Config } from '../config/index.ts';
import { notFound } from '../contract/errors.ts';
import type { Db } from '../db/client.ts';
import { judgeKeyword, keywordWarning, keywordWords } from '../domain/keyword-health.ts';
import { parseKeyword } from '../domain/matching.ts';
import { namesOnlyAProduct } from '../domain/scoring/generic.ts';
import type { ProjectOwner } from '../projects/projects.service.ts';
import { createKeywordsRepo } from './keywords.repo.ts';
import type { KeywordStat, KeywordStats } from './keywords.schemas.ts';

const DAY_MS = 86_400_000;

interface LeadFigures {
  leads: number;
  scoreSum: number;
  notFit: number;
  hidden: number;
  replied: number;
}

const NO_LEADS: LeadFigures = { leads: 0, scoreSum: 0, notFit: 0, hidden: 0, replied: 0 };

/** Per-keyword performance for the dashboard: what each keyword matched and what came of its leads. */
export function createKeywordsService(deps: { db: Db; clock: Clock; config: Config }) {
  const repo = createKeywordsRepo(deps.db);

  return {
    /** Every keyword of the project over the last `days`; not_found unless the project is on this account. */
    async keywordStats(owner: ProjectOwner, projectId: string, days: number): Promise<KeywordStats> {
      const keywords = await repo.keywordsOf(owner.userId, projectId);
      if (!keywords) throw notFound();
      const since = new Date(deps.clock.now().getTime() - days * DAY_MS);
      const [read, matchRows, leadRows] = await Promise.all([
        repo.scansSince(projectId, since),
        repo.matchesSince(projectId, since),
        repo.leadsSince(projectId, since),
      ]);
      // By the words each matches, so figures stay with a keyword whose spelling changed (case, quotes).
      const matched = new Map<string, number>();
      for (const r of matchRows) {
        const key = keywordWords(r.keyword);
        matched.set(key, (matched.get(key) ?? 0) + r.matched);
      }
      const found = new Map<string, LeadFigures>();
      for (const r of leadRows) {
        const key = keywordWords(r.phrase);
        const f = found.get(key) ?? NO_LEADS;
        found.set(key, {
          leads: f.leads + r.leads,
          scoreSum: f.scoreSum + r.score_sum,
          notFit: f.notFit + r.not_fit,
          hidden: f.hidden + r.hidden,
          replied: f.replied + r.replied,
        });
      }
      const limit = deps.config.selfHosted ? null : deps.config.tierLimits[owner.tier].keywordsPerProject;
      // A keyword of the project's field, for the example of a generic keyword's warning ("invoicing software").
      const topic =
        keywords.find((k) => !k.trim().startsWith('-') && !namesOnlyAProduct(k) && parseKeyword(k)) ?? null;
      /**
       * Keyword health beside the verdict: a keyword that names only a kind of product, or one that matches a large
       * share of what the scans read and whose leads say it is noise; a silent keyword is already "dead".
       */
      const warningOf = (keyword: string, matched: number | null, verdict: KeywordStat['verdict']) => {
        const w = keywordWarning(keyword, { matches: matched, items: read.itemsSeen, days }, { topic });
        if (!w || w.kind === 'silent') return null;
        return w.kind === 'generic' || verdict === 'noisy' || verdict === 'rejected' ? w.message : null;
      };
      const taken = new Set<string>();
      const stat = (keyword: string, i: number): KeywordStat => {
        const parsed = parseKeyword(keyword);
        const empty = {
          keyword,
          matched: null,
          leads: 0,
          meanScore: null,
          notFit: 0,
          hidden: 0,
          replied: 0,
          warning: null,
        };
        if (limit !== null && i >= limit) return { ...empty, verdict: 'over-limit' };
        // A keyword without a word in it ("!!") can match nothing.
        if (!parsed) return { ...empty, matched: 0, verdict: 'dead' };
        if (parsed.exclude) return { ...empty, verdict: 'exclusion' };
        const key = keywordWords(parsed.text);
        // Of two keywords that match the same words, the scanner credits the first; the second found nothing more.
        const first = !taken.has(key);
        taken.add(key);
        const m = matched.has(key) ? (first ? matched.get(key)! : 0) : null;
        const l = (first && found.get(key)) || NO_LEADS;
        const figures = { matched: m, leads: l.leads, notFit: l.notFit, hidden: l.hidden };
        const verdict = judgeKeyword(figures);
        return {
          ...figures,
          keyword,
          verdict,
          meanScore: l.leads ? Math.round(l.scoreSum / l.leads) : null,
          replied: l.replied,
          warning: warningOf(keyword, m, verdict),
        };
      };
      return { days, since: since.toISOString(), ...read, keywords: keywords.map(stat) };
    },
  };
}
export type KeywordsService = ReturnType<typeof createKeywordsService>;
