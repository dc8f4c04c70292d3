// Pain themes (docs/decisions/0070-pain-themes.md): TF-IDF over stemmed words and bigrams of each lead, average-
// linkage agglomerative clustering with a cosine threshold, labels from the terms that set a theme apart. Pure, no I/O.
import { PLACE_WORDS } from './scoring/geography.ts';
import { normalizeText, STOPWORDS, stemWord, words } from './scoring/text.ts';

export interface ThemeDoc {
  id: string;
  title: string;
  body: string;
}

export interface ThemeCluster {
  /** Most telling terms first, as people write them ("no-shows", "deposit"). */
  terms: string[];
  label: string;
  /** Members, most central first. */
  ids: string[];
  /** The member most similar to the rest of its cluster. */
  centralId: string;
}

export interface ThemeOptions {
  /** Clusters merge while their average cosine similarity is at least this. */
  threshold: number;
  /** Smaller clusters go to no theme. */
  minSize: number;
  /** At most this many themes, the largest. */
  maxThemes: number;
}

export const DEFAULT_THEME_OPTIONS: ThemeOptions = { threshold: 0.08, minSize: 3, maxThemes: 12 };

/**
 * Function words, Reddit filler ("following", "commenting so I find this later", "same boat", "searched the sub"), words of time
 * ("tomorrow", "recently"), hedges ("specifically", "basically") and bare judgements ("bad", "better"): they say
 * nothing about what hurts. Place names are left out too (PLACE_WORDS): where people post from is no theme.
 */
const STOP = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between
both but by can cannot could did do does doing down during each few for from further had has have having he her
here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other
our out over own same she should so some such than that the their them then there these they this those through to
too under until up very was we were what when where which while who whom why will with would you your yours per
etc via like get gets got make makes made use uses used using one two anyone someone something anything everyone
thing things really much many lot lots thanks thank advance edit update question questions help hi hello hey guys
know think want wants need needs looking look way ways good great well even still just sure maybe also able
who's don't can't won't i'm it's that's there's they're we're you're i've i'd i'll isn't doesn't didn't
http https www com reddit amp going go see say said post posts tl dr tldr right new year years day days time
business work month months week weeks find done little start started first best
might try anybody back current suggestions suggestion advice thoughts idea recommend recommendations
following follow commenting comment comments later same exact exactly spot boat else curious wondering bump upvote
folks yall y'all okay lol today tomorrow yesterday tonight recently soon ago currently actually basically
specifically definitely probably literally honestly seriously totally bad better worse worst big bigger huge another
end ended sub subs subreddit subreddits searched searching`
    .split(/\s+/)
    .filter(Boolean),
);

/** Whether a sentence says something: three words or more that are not filler ("Following.", "Same here!"). */
export function saysSomething(sentence: string): boolean {
  let n = 0;
  for (const w of words(normalizeText(sentence))) if (w.length >= 3 && !STOP.has(w) && ++n >= 3) return true;
  return false;
}

/** Where a phrase ends: punctuation between words, a dash set apart, a line break. */
const PHRASE_BREAK = /[.,;:!?()[\]{}"“”…]+|\s[-–—]\s|\n/;

interface Terms {
  /** term -> count in this document (title counted twice: it says what the post is about). */
  counts: Map<string, number>;
}

/** Stems and bigrams of stems of one document, for similarity. */
function termsOf(doc: ThemeDoc): Terms {
  const counts = new Map<string, number>();
  const add = (term: string, n: number) => counts.set(term, (counts.get(term) ?? 0) + n);
  const body = doc.body.length > 4000 ? doc.body.slice(0, 4000) : doc.body;
  for (const [text, weight] of [
    [doc.title, 2],
    [body, 1],
  ] as const) {
    // A pair of words is a term only within a phrase: "Paper book, constant no-shows" has no "book constant".
    for (const phrase of normalizeText(text).split(PHRASE_BREAK)) {
      let prev: string | null = null;
      for (const raw of words(phrase)) {
        const w = raw.replace(/'s$/, '');
        if (w.length < 3 || STOP.has(w) || PLACE_WORDS.has(w) || /^\d+$/.test(w)) {
          prev = null;
          continue;
        }
        const s = stemWord(w);
        add(s, weight);
        if (prev && prev !== s) add(`${prev} ${s}`, weight);
        prev = s;
      }
    }
  }
  return { counts };
}

type Vec = Map<string, number>;

function dot(a: Vec, b: Vec): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let s = 0;
  for (const [t, v] of small) {
    const w = large.get(t);
    if (w !== undefined) s += v * w;
  }
  return s;
}

export interface Vectorized {
  vectors: Vec[];
  terms: Terms[];
}

/** Sublinear TF times smoothed IDF, L2-normalized; terms in one document only, or in most, are dropped. */
export function vectorize(docs: readonly ThemeDoc[]): Vectorized {
  const terms = docs.map(termsOf);
  const df = new Map<string, number>();
  for (const t of terms) for (const term of t.counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const n = docs.length;
  // In a handful of leads a term shared by all still tells them apart from nothing: keep it.
  const maxDf = n >= 20 ? Math.floor(n * 0.5) : n;
  const vectors = terms.map((t) => {
    const v: Vec = new Map();
    let norm = 0;
    for (const [term, count] of t.counts) {
      const f = df.get(term)!;
      if (f < 2 || f > maxDf) continue;
      const w = (1 + Math.log(count)) * (Math.log((1 + n) / (1 + f)) + 1);
      v.set(term, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [term, w] of v) v.set(term, w / norm);
    return v;
  });
  return { vectors, terms };
}

/** Cosine similarity of every pair: from the TF-IDF vectors, or from dense embeddings when given. */
export function similarityMatrix(vectors: Vec[] | number[][]): Float64Array[] {
  const n = vectors.length;
  const dense = Array.isArray(vectors[0]);
  const unit = dense
    ? (vectors as number[][]).map((v) => {
        const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
        return v.map((x) => x / norm);
      })
    : null;
  const sim = Array.from({ length: n }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    sim[i]![i] = 1;
    for (let j = i + 1; j < n; j++) {
      let s = 0;
      if (unit) {
        const a = unit[i]!;
        const b = unit[j]!;
        for (let k = 0; k < a.length; k++) s += a[k]! * (b[k] ?? 0);
      } else {
        s = dot((vectors as Vec[])[i]!, (vectors as Vec[])[j]!);
      }
      sim[i]![j] = s;
      sim[j]![i] = s;
    }
  }
  return sim;
}

/**
 * Average-linkage agglomerative clustering: repeatedly merges the two clusters with the highest mean pairwise
 * similarity (Lance-Williams update), until no pair reaches the threshold. O(n^3) for n documents; callers bound n.
 */
export function agglomerate(sim: Float64Array[], threshold: number): number[][] {
  const n = sim.length;
  const members: (number[] | null)[] = Array.from({ length: n }, (_, i) => [i]);
  const link = sim.map((row) => Float64Array.from(row));
  for (;;) {
    let best = -1;
    let bi = -1;
    let bj = -1;
    for (let i = 0; i < n; i++) {
      if (!members[i]) continue;
      const row = link[i]!;
      for (let j = i + 1; j < n; j++) {
        if (members[j] && row[j]! > best) {
          best = row[j]!;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0 || best < threshold) break;
    const a = members[bi]!;
    const b = members[bj]!;
    for (let k = 0; k < n; k++) {
      if (!members[k] || k === bi || k === bj) continue;
      const v = (a.length * link[bi]![k]! + b.length * link[bj]![k]!) / (a.length + b.length);
      link[bi]![k] = v;
      link[k]![bi] = v;
    }
    members[bi] = [...a, ...b];
    members[bj] = null;
  }
  return members.filter((m): m is number[] => m !== null);
}

/** The surface form people used most for a term. */
function formOf(term: string, surface: Map<string, Map<string, number>>): string {
  let best = term;
  let most = -1;
  for (const [form, n] of surface.get(term) ?? []) {
    if (n > most) {
      best = form;
      most = n;
    }
  }
  return best;
}

/**
 * Words too general to name a pain on their own: verbs of any task ("set up", "move", "stop", "pay") and vague
 * nouns. They still count for similarity; they only never label a theme, nor join a label's pair of words.
 */
const GENERIC = new Set(
  `set setting setup move moving moved stop stopped pay paying paid pays put take taking took give giving keep
keeping let tell ask asking asked run running ran turn come coming came feel seem seems try trying tried sign
signed handle handling deal dealing sort fix fixing happen happened mean means bit kind stuff wish hate love
lose losing lost call calling called check checking show showing plan planning place open opening run runs
walk walking allow allows mind option options problem problems issue issues system systems app apps tool tools
software platform everything everyone everybody nothing half whole different pretty never always thought found
talking talk example exist exists amount send sent link answer learned learn told tell decided needed wait become
worth drop dropped annoyed kind sort part stuff fine nice huge tiny main whatever hard easy simple free cheap
getting went couple happy write writing`
    .split(/\s+/)
    .filter(Boolean)
    .map(stemWord),
);

/** Words as a label shows them: hyphenated compounds ("walk-in", "no-shows", "card-on-file") stay whole. */
const LABEL_WORD = /[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:'[a-z]+)?/g;

/** The label candidates of one document: its words and within-phrase pairs, once each, with the forms seen. */
function labelTermsOf(doc: ThemeDoc, surface: Map<string, Map<string, number>>): Set<string> {
  const out = new Set<string>();
  const add = (term: string, form: string) => {
    out.add(term);
    let forms = surface.get(term);
    if (!forms) {
      forms = new Map();
      surface.set(term, forms);
    }
    forms.set(form, (forms.get(form) ?? 0) + 1);
  };
  const body = doc.body.length > 4000 ? doc.body.slice(0, 4000) : doc.body;
  for (const text of [doc.title, body]) {
    for (const phrase of normalizeText(text).split(PHRASE_BREAK)) {
      let prev: { stem: string; word: string } | null = null;
      for (const raw of phrase.match(LABEL_WORD) ?? []) {
        const w = raw.replace(/'s$/, '');
        const compound = w.includes('-');
        const s = compound ? w.split('-').map(stemWord).join('-') : stemWord(w);
        // Contractions ("wouldn't") are filler too.
        const filler = w.length < 3 || w.includes("'") || STOP.has(w) || PLACE_WORDS.has(w) || GENERIC.has(s);
        if (!compound && filler) {
          prev = null;
          continue;
        }
        // Words every business post uses ("clients", "money", "online") label nothing alone, but do in a pair
        // ("management company").
        if (!STOPWORDS.has(w)) add(s, w);
        if (prev && prev.stem !== s) add(`${prev.stem} ${s}`, `${prev.word} ${w}`);
        prev = { stem: s, word: w };
      }
    }
  }
  return out;
}

/**
 * Per class, the terms that set it apart: the share of its leads that use a term times the log of how much more
 * often they do than the project's leads overall (a term every lead uses, such as the project's "clients", has
 * no lift). Pairs of words count half again: "phone tag" says more than "phone". Shown in the form people wrote.
 */
export function distinctTerms(
  classes: number[][],
  docTerms: Set<string>[],
  surface: Map<string, Map<string, number>>,
  top = 3,
  exclude: ReadonlySet<string> = new Set(),
): string[][] {
  const df = new Map<string, number>();
  for (const terms of docTerms) for (const t of terms) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docTerms.length;
  return classes.map((members) => {
    const inClass = new Map<string, number>();
    for (const i of members) for (const t of docTerms[i]!) inClass.set(t, (inClass.get(t) ?? 0) + 1);
    const size = members.length;
    const scored = [...inClass]
      // A term in one lead of a theme describes that lead, not the theme.
      .filter(([, a]) => size < 3 || a >= 2)
      // The project's own keywords are in every lead: they set no theme apart.
      .filter(([t]) => !t.split(/[ -]/).every((p) => exclude.has(p)))
      .map(([t, a]) => {
        const share = a / size;
        const lift = share / (df.get(t)! / n);
        return { t, w: share * (Math.log(lift) + 0.05) * (t.includes(' ') ? 1.5 : 1) };
      })
      .filter((x) => x.w > 0)
      .sort((x, y) => y.w - x.w || (x.t < y.t ? -1 : 1));
    const chosen: string[] = [];
    for (const { t } of scored) {
      if (chosen.length >= top) break;
      const parts = t.split(' ');
      // A word already inside a chosen phrase (or a phrase around a chosen word) adds nothing.
      if (chosen.some((c) => c.split(' ').some((p) => parts.includes(p)))) continue;
      chosen.push(t);
    }
    return chosen.map((t) => formOf(t, surface));
  });
}

/** Stems of the words of some phrases (a project's keywords), to keep out of labels. */
export function stemsOf(phrases: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const p of phrases) for (const w of words(normalizeText(p.replace(/^-/, '')))) out.add(stemWord(w));
  return out;
}

/**
 * Clusters documents into themes; `embeddings`, when given, replace the TF-IDF vectors for similarity;
 * `keywords` (the project's) are kept out of the labels.
 */
export function clusterThemes(
  docs: readonly ThemeDoc[],
  opts: ThemeOptions = DEFAULT_THEME_OPTIONS,
  embeddings?: number[][],
  keywords: readonly string[] = [],
  names: readonly string[] = [],
): { clusters: ThemeCluster[]; sim: Float64Array[] } {
  if (docs.length === 0) return { clusters: [], sim: [] };
  const { vectors } = vectorize(docs);
  const sim = similarityMatrix(embeddings ?? vectors);
  const groups = agglomerate(sim, opts.threshold)
    .filter((g) => g.length >= opts.minSize)
    .sort((a, b) => b.length - a.length || a[0]! - b[0]!)
    .slice(0, opts.maxThemes);
  const surface = new Map<string, Map<string, number>>();
  const labelTerms = docs.map((d) => labelTermsOf(d, surface));
  const labels = distinctTerms(groups, labelTerms, surface, 3, stemsOf(keywords));
  const clusters = groups.map((g, k) => {
    const centrality = g.map((i) => ({
      i,
      c: g.reduce((s, j) => s + (i === j ? 0 : sim[i]![j]!), 0),
    }));
    centrality.sort((x, y) => y.c - x.c || x.i - y.i);
    const ids = centrality.map((x) => docs[x.i]!.id);
    const t = asNamed(labels[k]!, names);
    return {
      terms: t,
      label: t.join(', ') || docs[centrality[0]!.i]!.title.slice(0, 60),
      ids,
      centralId: ids[0]!,
    };
  });
  return { clusters, sim };
}

/**
 * Label terms that are words of a name the project gave (a competitor: "square", "square appointments") told as
 * the project writes it ("Square Appointments"), once.
 */
function asNamed(terms: string[], names: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of terms) {
    const ws = t.split(' ');
    const name = names.find((n) => {
      const nameWords = words(normalizeText(n));
      return ws.every((w) => nameWords.includes(w));
    });
    const said = name ?? t;
    if (!out.includes(said)) out.push(said);
  }
  return out;
}

/** Mean similarity within themes and between members of different themes: the coherence figures. */
export function coherence(
  clusters: { indices: number[] }[],
  sim: Float64Array[],
): { within: number; between: number } {
  let w = 0;
  let wn = 0;
  let b = 0;
  let bn = 0;
  for (let x = 0; x < clusters.length; x++) {
    const a = clusters[x]!.indices;
    for (let i = 0; i < a.length; i++) {
      for (let j = i + 1; j < a.length; j++) {
        w += sim[a[i]!]![a[j]!]!;
        wn++;
      }
    }
    for (let y = x + 1; y < clusters.length; y++) {
      for (const i of a) {
        for (const j of clusters[y]!.indices) {
          b += sim[i]![j]!;
          bn++;
        }
      }
    }
  }
  return { within: wn ? w / wn : 0, between: bn ? b / bn : 0 };
}
