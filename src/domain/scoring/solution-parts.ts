// What a profile's solution says it is and does, as phrases a reply draft can slot into a sentence: a category
// ("an inventory app") and features ("low-stock alerts", "scanning receipts for supplies and mileage"). Solutions
// come as noun lists ("X with A, B and C", "X: A, B and C"), verb clauses ("Tracks A and B, scans C, and produces
// D"), relative clauses ("an app that reminds A and collects B"), "we"/"a licensed inspector checks …" and several
// sentences. A phrase that cannot be read as a noun or a gerund phrase is left out: drafts fall back to generic
// features rather than slot a fragment ("pull ahead on and produces tax-ready reports").

/**
 * A third-person verb as a gerund: "designs" -> "designing", "manages" -> "managing", "carries" -> "carrying",
 * "runs" -> "running", "fixes" -> "fixing". Null for words that are no such verb ("is", "has", "always").
 */
export function gerund(verb: string): string | null {
  const v = verb.toLowerCase();
  if (NOT_VERBS.has(v) || !/^[a-z]+s$/.test(v) || v.endsWith('ss') || v.length < 4) return null;
  if (v.endsWith('ies')) return ing(`${v.slice(0, -3)}y`);
  if (/(?:sh|ch|x|z|ss)es$/.test(v)) return ing(v.slice(0, -2));
  return ing(v.slice(0, -1));
}
const NOT_VERBS = new Set(
  'is has was does goes always also sometimes its this thus plus news bus gas yes various serious famous previous'.split(
    ' ',
  ),
);

/** A plain verb as a gerund: "collect" -> "collecting", "schedule" -> "scheduling", "plan" -> "planning". */
function ing(stem: string): string {
  if (stem.endsWith('e') && !stem.endsWith('ee')) return `${stem.slice(0, -1)}ing`;
  // One short syllable ending consonant-vowel-consonant doubles it: run, plan, set, get, ship, shop, chat.
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(stem)) return `${stem}${stem.at(-1)}ing`;
  return `${stem}ing`;
}

/** Plain verbs a solution uses after "we", "lets you" or "specialists …": "we plan, write and post content". */
const BASE_VERBS = new Set(
  `collect screen track schedule book send manage plan write post answer handle build design create run fix clean
  file make keep prepare review edit check install maintain monitor move set sync find compare print record scan
  produce remind invoice automate connect organize organise share store back export import generate publish analyze
  analyse translate optimize optimise test train deliver support update upgrade repair recover remove protect sign
  take reach grow hire match quote chase follow reconcile estimate calculate submit claim order ship list sell rent
  request assign dispatch route text email notify alert log capture convert categorize categorise tour price
  negotiate refund earn shop guide cover pay process recommend coordinate inspect design draft host`.split(
    /\s+/,
  ),
);

/** Who does the work, before their verb: "a dedicated bookkeeper keeps …", "certified specialists set up …". */
const DOER =
  /^(?:we|they|(?:an?\s+|the\s+|our\s+|your\s+)?(?:[\w'-]+,?\s+){0,3}(?:bookkeeper|accountant|cpa|technician|writer|designer|developer|inspector|specialist|consultant|coach|tutor|cleaner|expert|agent|attorney|lawyer|analyst|assistant|translator|editor|mentor|staff|team|photographer|advisor|adviser|broker|engineer|installer|mechanic|planner|trainer)s?)$/i;

type Mode = 'third' | 'base';

/** A verb of the mode, followed by something it acts on (not a comma, "and" or the end: "drops, spills"). */
function isVerb(word: string | undefined, next: string | undefined, mode: Mode): boolean {
  if (!word || /,$/.test(word) || /^(?:,|and|or|$)/.test(next ?? '')) return false;
  return mode === 'third' ? gerund(word) !== null : BASE_VERBS.has(word.toLowerCase());
}
const verbWord = (w: string, mode: Mode) =>
  mode === 'third' ? gerund(w) !== null : BASE_VERBS.has(w.toLowerCase());

/** The clause with its verbs as gerunds: "builds and maintains sites" -> "building and maintaining sites". */
function asGerund(clause: string, mode: Mode): string {
  const ws = clause.split(' ');
  const out: string[] = [];
  let i = 0;
  while (i < ws.length) {
    const w = ws[i]!;
    const g = mode === 'third' ? gerund(w) : BASE_VERBS.has(w.toLowerCase()) ? ing(w.toLowerCase()) : null;
    if (!g) break;
    out.push(g);
    i++;
    if (/^(?:up|out|over)$/.test(ws[i] ?? '') && ws[i + 1] !== undefined) out.push(ws[i++]!);
    if (ws[i] === 'and' && verbWord(ws[i + 1] ?? '', mode)) {
      out.push('and');
      i++;
    } else break;
  }
  return [...out, ...ws.slice(i)].join(' ');
}

/** Bare verbs before a shared object: "designs, builds and maintains sites", "set up, run and report on ads". */
function verbList(text: string, mode: Mode): boolean {
  const m = /^([a-z]+(?: up)?(?:,\s*[a-z]+(?: up)?)*),?\s+and\s+([a-z]+)\s+(\w+)/i.exec(text);
  // "Tools and templates for …" are nouns: a third-person verb's object is no preposition.
  if (!m || (mode === 'third' && /^(?:for|with|in|on|to|of|from|and|or|per|at|by)$/i.test(m[3]!)))
    return false;
  const verbs = [...m[1]!.replace(/ up\b/g, '').split(/,\s*/), m[2]!];
  return verbs.every((v) => verbWord(v, mode));
}

/** Whether a text opens with verbs: "tracks income", "plans and schedules posts", "connects, cleans the PC". */
function startsClauses(text: string, mode: Mode): boolean {
  const ws = text.split(' ');
  const bare = ws[0]?.replace(/,$/, '') ?? '';
  return (
    isVerb(ws[0], ws[1], mode) ||
    verbList(text, mode) ||
    (/,$/.test(ws[0] ?? '') && verbWord(bare, mode) && isVerb(ws[1], ws[2], mode))
  );
}

/** Top-level commas: not inside "$5,000". */
const segmentsOf = (text: string) =>
  text
    .split(/,\s+|,(?!\d)|;\s*/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Where a second clause starts inside a segment: "reminds patients of appointments and collects copays". */
const clauseAt = (mode: Mode) =>
  new RegExp(
    String.raw`\s+and\s+(?=${mode === 'third' ? '[a-z]+s' : `(?:${[...BASE_VERBS].join('|')})`}\s+(?!without|with|for|in|on|to|of|from|and|or|per|at|by)[a-z])`,
    'i',
  );

/**
 * Verb clauses as gerund phrases: "Tracks income and tips, scans receipts, and produces reports" -> "tracking
 * income and tips", "scanning receipts", "producing reports". A comma segment that starts with no verb belongs to
 * the clause before it ("covers drops, spills and failures"); bare verbs wait for their object ("designs, builds
 * and maintains sites"); "with …" after a comma starts a noun list.
 */
function verbClauses(text: string, mode: Mode): string[] {
  const clauses: string[] = [];
  const nouns: string[] = [];
  let pending: string[] = [];
  let inWith = false;
  const add = (part: string) => {
    const lead = pending.length ? `${pending.map((v) => asGerund(v, mode)).join(', ')} and ` : '';
    pending = [];
    clauses.push(lead + asGerund(part, mode));
  };
  const segments = segmentsOf(text);
  segments.forEach((raw, n) => {
    const seg = raw.replace(/^(?:and|or)\s+/i, '');
    const ws = seg.split(' ');
    const nextStartsVerb = () => {
      const nw = (segments[n + 1] ?? '').replace(/^(?:and|or)\s+/i, '').split(' ');
      return verbWord(nw[0] ?? '', mode);
    };
    if (/^with\s/i.test(seg) || (inWith && !isVerb(ws[0], ws[1], mode))) {
      inWith = true;
      nouns.push(...nounList(seg.replace(/^with\s+/i, '')));
      return;
    }
    if (
      (ws.length === 1 || (ws.length === 2 && ws[1] === 'up')) &&
      verbWord(ws[0]!, mode) &&
      nextStartsVerb()
    ) {
      pending.push(seg);
      return;
    }
    const pair = ws[1] === 'and' && verbWord(ws[0]!, mode) && isVerb(ws[2], ws[3], mode);
    if (isVerb(ws[0], ws[1], mode) || (pair && (!clauses.length || pending.length))) {
      for (const part of seg.split(clauseAt(mode))) {
        const pw = part.split(' ');
        if (pw.length === 1 || (pw.length === 2 && pw[1] === 'up')) pending.push(part);
        else add(part);
      }
      return;
    }
    // "encrypted offsite", "delivered for a fixed price": how it is sold, not something it does.
    if (/^[a-z]+ed\b/i.test(seg) || !clauses.length) return;
    // A plain verb after "and" may be a noun ("blog articles and email campaigns"): only "-s" verbs start clauses here.
    const [more, ...next] = mode === 'third' ? seg.split(clauseAt(mode)) : [seg];
    clauses[clauses.length - 1] += `${/^(?:and|or)\s/i.test(raw) ? ' and' : ','} ${more}`;
    for (const part of next) add(part);
  });
  return [...clauses, ...nouns];
}

/** "online rent collection, maintenance requests and tenant screening" -> three features; "timers on desktop and phone" is one. */
function nounList(text: string): string[] {
  return segmentsOf(text)
    .flatMap((s) =>
      /\s(?:on|for|of|in|with|to|from|across)\s.*\s(?:and|&)\s+\w+$/i.test(s)
        ? [s]
        : s.split(/\s+(?:and|&|plus)\s+/i),
    )
    .map((f) => f.replace(/^(?:and|or|with|plus)\s+/i, '').trim());
}

/**
 * A list after "with", "that" or a colon: verb clauses when it starts with a verb or with who does the work ("a
 * licensed inspector checks the house …", "we plan, write and post content"), else nouns. After "who" or "that",
 * plain verbs too ("assistants who answer your phones").
 */
function listOf(text: string, relative = false): string[] {
  const lets =
    /^(?:lets|helps|allows|enables)\s+(you|your [\w-]+|(?:[\w-]+\s+){0,2}[\w-]+s)\s+(?:to\s+)?(.+)$/i.exec(
      text,
    );
  if (lets && BASE_VERBS.has(lets[2]!.split(' ')[0]!.toLowerCase())) return verbClauses(lets[2]!, 'base');
  const ws = text.split(' ');
  // Who does the work first ("analysts clean …", "a professional writer rewrites …"), the longest subject first.
  for (let i = Math.min(6, ws.length - 1); i >= 1; i--) {
    if (!DOER.test(ws.slice(0, i).join(' '))) continue;
    const rest = ws.slice(i).join(' ');
    for (const mode of ['third', 'base'] as const)
      if (startsClauses(rest, mode)) return verbClauses(rest, mode);
  }
  for (const mode of relative ? (['third', 'base'] as const) : (['third'] as const))
    if (startsClauses(text, mode)) return verbClauses(text, mode);
  return nounList(text);
}

/** A feature without its article, price terms, timing tails ("… in five days") and whom it is for. */
function tidy(feature: string): string {
  return feature
    .replace(/^(?:an?|the)\s+/i, '')
    .replace(/,\s*no\s.*$/i, '')
    .replace(
      /\s+(?:(?:delivered|returned|quoted|generated|sold|done|shipped|priced|billed|paid|decided|updated|set up)\b|(?:for|at)\s+(?:an?\s+)?(?:flat|fixed|monthly|percentage)\b|(?:in|within|for)\s+(?:\d+(?:-\d+)?|one|two|three|four|five|six|seven|ten|a|an)\s+(?:business\s+)?(?:days?|hours?|weeks?|months?|years?|minutes?)\b|each\s+(?:month|week|day)\b|automatically\b|from\s+anywhere\b).*$/i,
      '',
    )
    .replace(
      /\s+for\s+(?:your\s+|small\s+|local\s+|independent\s+|growing\s+)*(?:businesses|shops|stores|companies|teams|startups|restaurants|owners|clients|customers|freelancers|agencies|brands|offices|you)\b.*$/i,
      '',
    )
    .replace(/[\s,;:.]+$/, '')
    .trim();
}

/** A feature of more than seven words cut at its last preposition, else its first comma, until it fits. */
function shorten(feature: string): string {
  let f = feature;
  for (;;) {
    const ws = f.split(' ');
    if (ws.length <= 7) return f;
    const at = ws.findLastIndex(
      (w, i) => i >= 2 && /^(?:for|at|in|to|with|from|on|by|across|over|onto|into)$/.test(w),
    );
    if (at >= 0) f = ws.slice(0, at).join(' ').replace(/,$/, '');
    else if (f.includes(',')) f = f.slice(0, f.indexOf(','));
    else return f;
  }
}

const EDGE_WORD =
  /^(?:and|or|with|for|to|of|in|on|at|by|from|per|plus|but|no|not|up|that|which|who|an?|the|your|its)$/i;
/** Imperatives of a how-it-works list ("describe the job, get three quotes"): steps, not features. */
const STEP =
  /^(?:describe|send|get|mail|pay|choose|pick|call|order|upload|tell|book|find|save|try|use|ask|see|make|take|connect|set|add|import|start|sign|post|write|plan|answer|drop)\b/i;
/** A one-word feature reads only when it is a noun: "payments", "escrow", "Plex"; not "fast" or "mobile-first". */
const ONE_NOUN = /(?:[^s]s|ing|tion|sion|ment|ance|ence|ity|age|ure|ware|ics|row|ship|ism|ogy)$/i;

/** Whether a phrase reads as a noun or gerund phrase in "look hard at … before price". */
function placeable(f: string, hadArticle: boolean): boolean {
  const ws = f.split(' ');
  if (!f || ws.length > 7 || /[:()[\]"]/.test(f)) return false;
  if (EDGE_WORD.test(ws[0]!) || EDGE_WORD.test(ws.at(-1)!)) return false;
  // "priced for 1-5 chair shops", "set up in minutes", "promo videos scripted": how it is sold or made.
  if (STEP.test(f) || /^[a-z]+ed(?:$|\s+(?:for|in|to|by|with|from|at|on|up|within|direct|per)\b)/i.test(f))
    return false;
  if (/^(?:done|built|made|sold|sent|set up|setting up(?=$|\s+(?:in|from|within)\b))\b/i.test(f))
    return false;
  // A third-person verb left unread: "builds the macro or report".
  if (gerund(ws[0]!) && /^(?:the|a|an|your|their|its|every|each)$/i.test(ws[1] ?? '')) return false;
  // "… promo videos scripted", "designing and building fast": a participle or an adjective ends no noun phrase.
  if (
    ws.length > 1 &&
    /^(?:[a-z]+ed|fast|quick|simple|cheap|easy|new|modern|secure|affordable|custom)$/.test(ws.at(-1)!)
  )
    return false;
  // An adjective phrase is how it is, not what it offers: "private by design", "easy to use", "fast and secure".
  if (
    /^(?:[a-z]+ly\s+)?(?:private|secure|fast|quick|simple|easy|free|cheap|affordable|reliable|quiet|lightweight|portable|durable|safe|friendly)\s+(?:by|to|and|or|for|out|of|at|in)\b/i.test(
      f,
    )
  )
    return false;
  // A doer and their verb left in a noun list: "vetted expert fixes the formula".
  if (ws.some((w, i) => i > 0 && i < ws.length - 1 && DOER.test(ws[i - 1]!) && gerund(w))) return false;
  // Prices and terms are how it is sold: "flat fee", "no contract", "flat 2.6% per transaction".
  if (/\b(?:fees?|prices?|pricing|quotes?d?|contract|guarantee)\b|[%$]/i.test(f)) return false;
  return ws.length > 1 || hadArticle || ONE_NOUN.test(f) || /^[A-Z0-9]/.test(f);
}

const lowerFirst = (s: string) => (/^[A-Z](?:[a-z]|\s)/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);

/** Whether a solution says people do the work: "Our certified technicians install …", "Assistants who answer …". */
export function doneByPeople(solution: string | null): boolean {
  const ws = (solution ?? '').trim().split(/\s+/);
  for (let i = Math.min(6, ws.length - 1); i >= 1; i--)
    if (DOER.test(ws.slice(0, i).join(' ')))
      return (
        /^(?:who|that)$/i.test(ws[i]!) ||
        startsClauses(ws.slice(i).join(' '), 'third') ||
        startsClauses(ws.slice(i).join(' '), 'base')
      );
  return false;
}

/** One sentence of a solution: its category (when it names one) and features. */
function readSentence(sentence: string): { category: string | null; features: string[] } {
  const colon = /:\s+/.exec(sentence);
  const head = colon ? sentence.slice(0, colon.index) : sentence;
  const features = colon ? listOf(sentence.slice(colon.index + colon[0].length)) : [];
  // "Our certified technicians install and maintain security cameras": what the people do.
  if (!/\s(?:who|that)\s/i.test(head) && doneByPeople(head))
    return { category: null, features: [...listOf(lowerFirst(head)), ...features] };
  if (startsClauses(lowerFirst(head), 'third') || /^(?:lets|helps|allows|enables|we)\s/i.test(head))
    return {
      category: null,
      features: [...(/^we\s/i.test(head) ? listOf(head) : listOf(lowerFirst(head))), ...features],
    };
  const offers = /\s+(?:that |which )?(?:delivers|offers|includes|provides|comes with)\s+|\s+with\s+/i.exec(
    head,
  );
  const who = /^(.+?)\s+(?:that|which|who)\s+(.+)$/i.exec(head);
  if (
    who &&
    (!offers || who[1]!.length < offers.index) &&
    !/^(?:with|delivers|offers|includes|provides)\b/i.test(who[2]!)
  )
    return { category: lowerFirst(who[1]!), features: [...listOf(who[2]!, true), ...features] };
  if (offers)
    return {
      category: lowerFirst(head.slice(0, offers.index)),
      features: [...nounList(head.slice(offers.index + offers[0].length)), ...features],
    };
  // "Online ordering, pickup scheduling and deposit collection for cake orders": a list with no head noun.
  if (/,\s/.test(head) && /\s(?:and|&)\s/.test(head))
    return { category: null, features: [...nounList(lowerFirst(head)), ...features] };
  return { category: lowerFirst(head), features };
}

/**
 * "Online booking page with automatic reminders, deposits and a shared staff calendar" -> category and features;
 * "Tracks income per appointment and tips, scans receipts for supplies and mileage, and produces tax-ready
 * reports" -> no category, three gerund features. Features that would not read in a sentence are left out.
 */
export function splitSolution(solution: string | null): { category: string | null; features: string[] } {
  if (!solution?.trim()) return { category: null, features: [] };
  const text = solution
    .trim()
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/\s+[—–-]\s+/g, ': ')
    .replace(/[.!]+$/, '');
  let category: string | null = null;
  const features: string[] = [];
  text.split(/(?<=[a-z0-9)])[.!]\s+(?=[A-Z])/).forEach((sentence, i) => {
    const read = readSentence(sentence.trim());
    if (i === 0) category = read.category?.replace(/[\s,;]+$/, '') ?? null;
    for (const f of read.features) {
      const tidied = shorten(tidy(f));
      if (placeable(tidied, /^(?:an?|the)\s+\S+$/i.test(f.trim()))) features.push(tidied);
    }
  });
  return { category, features: [...new Set(features)] };
}
