import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { API_BASE, api, messageOf } from '../api.ts';
import { ErrorMessage } from '../components/ui.tsx';
import { plural } from '../format.ts';
import { type Marks, marksFor, searchWords } from '../leads/highlight.tsx';
import { LeadRows, rowId } from '../leads/lead-row.tsx';
import { LinkedLead } from '../leads/linked-lead.tsx';
import {
  applyCounts,
  applyMoves,
  DAYS,
  filterParams,
  MIN_SCORES,
  type Move,
  moveLead,
  PAGE_SIZES,
  QUEUES,
  queueOf,
  readFilters,
  reverse,
  STAGES,
  STATUS_LABELS,
} from '../leads/queue.ts';
import { ShortcutsDialog } from '../leads/shortcuts.tsx';
import { useResource } from '../resource.ts';
import { navigate, withQuery } from '../router.ts';
import type { Lead, LeadList, LeadReply, LeadStatusChanges, LeadSummary, QueueStatus } from '../types.ts';

const BATCH = 100;
/** Rows added per frame: a page of 500 fills in over a few frames instead of one long task that blocks keys. */
const CHUNK = 60;
const DAY_LABELS: Record<string, string> = {
  '': 'Last 30 days',
  '14': 'Last 14 days',
  '7': 'Last 7 days',
  '3': 'Last 3 days',
  '1': 'Last 24 hours',
};
const DONE: Record<QueueStatus, string> = {
  hidden: 'Hidden',
  not_fit: 'Marked not a fit',
  new: 'Returned to new',
  replied: 'Marked replied',
};
const countOf = (counts: LeadSummary['counts'], s: QueueStatus | 'all') =>
  s === 'all' ? counts.new + counts.hidden + counts.not_fit + counts.replied : counts[s];

interface Queue {
  rows: Lead[];
  hasMore: boolean;
  counts: LeadSummary['counts'] | null;
  /** Index of the keyboard cursor in rows. */
  cursor: number;
  selected: ReadonlySet<string>;
  openId: string | null;
}

const isTextField = (el: EventTarget | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(el.type)));

/**
 * The lead queue: filters in the URL, a keyboard cursor, selection and triage that show at once and are sent in
 * order behind the scenes, undo, paging that keeps the cursor, and the CSV export of the filter.
 */
export function LeadsTab(props: {
  projectId: string;
  base: string;
  query: URLSearchParams;
  generation: number;
}) {
  const { query, base, projectId } = props;
  const filters = readFilters(query);
  const size = PAGE_SIZES.includes(query.get('size') ?? '') ? query.get('size')! : '50';
  const offset = Math.max(0, Number.parseInt(query.get('offset') ?? '0', 10) || 0);
  const projectPath = `/projects/${encodeURIComponent(projectId)}`;
  const fp = filterParams(filters);
  const filterKey = fp.toString();
  const summaryParams = new URLSearchParams(fp);
  summaryParams.delete('status');
  const listPath = `${projectPath}/leads?${fp}&limit=${size}&offset=${offset}`;
  const summaryPath = `${projectPath}/leads/summary?${summaryParams}`;
  const csvHref = `${API_BASE}${projectPath}/leads.csv?${fp}`;

  const list = useResource(`${listPath}#${props.generation}`, (signal) =>
    api<LeadList>('GET', listPath, undefined, { signal }),
  );
  const summary = useResource(`${summaryPath}#${props.generation}`, (signal) =>
    api<LeadSummary>('GET', summaryPath, undefined, { signal }),
  );

  const [queue, setQueue] = useState<Queue>({
    rows: [],
    hasMore: false,
    counts: null,
    cursor: 0,
    selected: new Set(),
    openId: null,
  });
  // Key presses can come faster than renders: handlers read and write the latest queue through this ref.
  const q = useRef(queue);
  const update = (fn: (s: Queue) => Queue) => {
    q.current = fn(q.current);
    setQueue(q.current);
  };
  const [notice, setNotice] = useState<{ text: string; undo: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  /** On a narrow screen the filters fold behind a button, so that the first lead shows in the first screen. */
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [search, setSearch] = useState(filters.q);
  const searchRef = useRef<HTMLInputElement>(null);
  const undoStack = useRef<Move[][]>([]);
  const sending = useRef<Promise<unknown>>(Promise.resolve());
  /** Where the cursor goes when the next page arrives, and where it was on each page seen. */
  const pendingFocus = useRef<'first' | 'last' | null>(null);
  const positions = useRef(new Map<string, string>());
  // A lead linked from an alert (?lead=) takes the focus itself; the queue's first row does not take it from it.
  const linkedId = query.get('lead');
  const focusRow = useRef(!linkedId);
  /** The page has just opened: its first focus must not scroll the title and Run scan out of sight. */
  const opening = useRef(true);
  /** Counts changes shown, and sends not yet answered: a refill fetched before the latest change is stale. */
  const changes = useRef(0);
  const unsent = useRef(0);
  const listPathRef = useRef(listPath);
  listPathRef.current = listPath;
  const [shown, setShown] = useState(CHUNK);
  /** A page move asked for and not yet shown: until its rows come, the rows on screen are not where keys act. */
  const turning = useRef(false);

  // A new page or filter: its rows, the cursor where it was on that page (or first/last when paging by key).
  useEffect(() => {
    const data = list.data;
    turning.current = false;
    if (!data) return;
    const rows = data.leads;
    const remembered = positions.current.get(listPath);
    let cursor = pendingFocus.current === 'last' ? rows.length - 1 : 0;
    if (!pendingFocus.current && remembered)
      cursor = Math.max(
        0,
        rows.findIndex((l) => l.id === remembered),
      );
    pendingFocus.current = null;
    update((s) => ({
      ...s,
      rows,
      hasMore: data.pagination.hasMore,
      cursor,
      selected: new Set(),
      openId: null,
    }));
    let n = Math.max(CHUNK, cursor + 1);
    setShown(n);
    let frame = 0;
    const more = () => {
      n += CHUNK;
      setShown(n);
      if (n < rows.length) frame = requestAnimationFrame(more);
    };
    if (n < rows.length) frame = requestAnimationFrame(more);
    return () => cancelAnimationFrame(frame);
  }, [list.data]);

  useEffect(() => {
    if (list.error) turning.current = false;
  }, [list.error]);

  useEffect(() => {
    if (summary.data) update((s) => ({ ...s, counts: summary.data!.counts }));
  }, [summary.data]);

  useEffect(() => setSearch(filters.q), [filters.q]);
  useEffect(() => {
    undoStack.current = [];
    setNotice(null);
  }, [filterKey]);

  // The cursor's row takes the focus when the keyboard is in the list (or nowhere, as when the page opens) or a key
  // asked for it; never from a text field. The latest cursor is read, since Preact may run an older render's effect
  // just before the next render. Only a move scrolls the row into view; opening the page leaves it where it is.
  const cursorLead = queue.rows[Math.min(queue.cursor, queue.rows.length - 1)];
  useEffect(() => {
    const s = q.current;
    const lead = s.rows[Math.min(s.cursor, s.rows.length - 1)];
    if (!lead) return;
    positions.current.set(listPath, lead.id);
    const active = document.activeElement;
    const inList = !active || active === document.body || active.closest('.leads') !== null;
    if (!(focusRow.current || inList) || isTextField(active)) return;
    focusRow.current = false;
    const row = document.getElementById(rowId(lead.id));
    if (!row || row === active) return;
    row.focus({ preventScroll: true });
    if (!opening.current) row.scrollIntoView({ block: 'nearest' });
    opening.current = false;
  }, [cursorLead?.id, queue.rows]);

  const go = (changes: Record<string, string | null>, opts: { replace?: boolean } = {}) =>
    navigate(withQuery(base, query, changes), opts);
  /** Goes to another page once: a second key before its rows arrive would count from the old page's offset. */
  function turnTo(at: string | null) {
    if (turning.current) return false;
    turning.current = go({ offset: at });
    return turning.current;
  }
  const setFilter = (changes: Record<string, string | null>) => {
    focusRow.current = false;
    go({ ...changes, offset: null });
  };

  function nextPage(focus: 'first' | null = null) {
    const s = q.current;
    if (!s.hasMore || turning.current) return false;
    pendingFocus.current = focus;
    focusRow.current = focus !== null;
    return turnTo(String(offset + s.rows.length));
  }
  function previousPage(focus: 'last' | null = null) {
    if (offset === 0 || turning.current) return false;
    pendingFocus.current = focus;
    focusRow.current = focus !== null;
    const back = Math.max(0, offset - Number(size));
    return turnTo(back ? String(back) : null);
  }

  function moveCursor(delta: number) {
    if (turning.current) return;
    const s = q.current;
    const at = Math.min(s.cursor, s.rows.length - 1) + delta;
    if (at >= s.rows.length) return void nextPage('first');
    if (at < 0) return void previousPage('last');
    focusRow.current = true;
    update((x) => ({ ...x, cursor: at }));
  }

  /** Shows moves at once (rows, counts, cursor), then sends them in order; a refusal puts everything back. */
  function show(moves: Move[], cursorTo?: string) {
    changes.current += 1;
    update((s) => {
      const current = s.rows[Math.min(s.cursor, s.rows.length - 1)]?.id;
      const rows = applyMoves(s.rows, moves, filters.status);
      const keep = cursorTo ?? current;
      const found = keep ? rows.findIndex((l) => l.id === keep) : -1;
      const cursor = found >= 0 ? found : Math.max(0, Math.min(s.cursor, rows.length - 1));
      return { ...s, rows, cursor, counts: s.counts && applyCounts(s.counts, moves), selected: new Set() };
    });
  }

  function send(moves: Move[], restore: boolean) {
    const replied = !restore && moves[0]?.to === 'replied';
    const path = `${projectPath}/leads/${replied ? 'replied' : `status${restore ? '/restore' : ''}`}`;
    const batches: Move[][] = [];
    for (let i = 0; i < moves.length; i += BATCH) batches.push(moves.slice(i, i + BATCH));
    unsent.current += 1;
    sending.current = sending.current.then(async () => {
      try {
        for (const batch of batches) {
          await api<LeadStatusChanges>(
            'POST',
            path,
            restore
              ? {
                  leads: batch.map((m) => ({
                    id: m.next.id,
                    status: m.next.status,
                    repliedAt: m.next.repliedAt ?? null,
                    belowThreshold: m.next.belowThreshold ?? null,
                  })),
                }
              : replied
                ? { leadIds: batch.map((m) => m.lead.id) }
                : { leadIds: batch.map((m) => m.lead.id), status: batch[0]!.to },
          );
        }
        unsent.current -= 1;
        if (unsent.current === 0) refill();
      } catch (err) {
        unsent.current -= 1;
        setError(`Not saved: ${messageOf(err)} The list has been reloaded.`);
        undoStack.current = [];
        setNotice(null);
        list.reload();
        summary.reload();
      }
    });
  }

  /**
   * Once the server has every change, a page that triage left short (or undo left long) is fetched again, so it
   * stays full; the cursor, the selection and the open lead stay where they were.
   */
  function refill() {
    const s = q.current;
    const full = Number(size);
    if (!(s.rows.length < full && s.hasMore) && s.rows.length <= full) return;
    const seen = changes.current;
    const path = listPathRef.current;
    api<LeadList>('GET', path).then(
      (data) => {
        if (seen !== changes.current || unsent.current > 0 || path !== listPathRef.current) return;
        update((x) => {
          const current = x.rows[Math.min(x.cursor, x.rows.length - 1)]?.id;
          const rows = data.leads;
          const ids = new Set(rows.map((l) => l.id));
          const found = current ? rows.findIndex((l) => l.id === current) : -1;
          return {
            ...x,
            rows,
            hasMore: data.pagination.hasMore,
            cursor: found >= 0 ? found : Math.max(0, Math.min(x.cursor, rows.length - 1)),
            selected: new Set([...x.selected].filter((id) => ids.has(id))),
            openId: x.openId && ids.has(x.openId) ? x.openId : null,
          };
        });
      },
      () => {}, // a page one lead short is no error: the next page or reload fills it
    );
  }

  /** Triage: the selected leads, or the one under the cursor. */
  function triage(to: QueueStatus) {
    const s = q.current;
    const targets = s.selected.size
      ? s.rows.filter((l) => s.selected.has(l.id))
      : s.rows.slice(Math.min(s.cursor, s.rows.length - 1)).slice(0, 1);
    // A replied lead is hidden: hiding it again changes nothing on the server, so nothing here either.
    const now = new Date().toISOString();
    const moves = targets
      .filter((l) => (to === 'replied' ? queueOf(l) !== 'replied' : l.status !== to))
      .map((lead) => moveLead(lead, to, now));
    setError(null);
    if (targets.length === 0) return;
    if (moves.length === 0) {
      setNotice({ text: `Already ${STATUS_LABELS[to].toLowerCase()}.`, undo: false });
      return;
    }
    show(moves);
    undoStack.current.push(moves);
    setNotice({ text: `${DONE[to]}: ${plural(moves.length, 'lead')}.`, undo: true });
    send(moves, false);
  }

  function undo() {
    const moves = undoStack.current.pop();
    setError(null);
    if (!moves) {
      setNotice({ text: 'Nothing to undo.', undo: false });
      return;
    }
    const back = reverse(moves);
    show(back, back[0]!.lead.id);
    const where = back.length === 1 ? 'it was' : 'they were';
    setNotice({ text: `Undone: ${plural(back.length, 'lead')} back to where ${where}.`, undo: false });
    send(back, true);
  }

  function toggleSelect(id: string) {
    update((s) => {
      const selected = new Set(s.selected);
      if (!selected.delete(id)) selected.add(id);
      return { ...s, selected };
    });
  }
  function toggleOpen(id: string) {
    update((s) => ({ ...s, openId: s.openId === id ? null : id }));
  }

  // One keyboard handler for the page; it reads the latest closures through a ref.
  const onKey = useRef<(e: KeyboardEvent) => void>(() => {});
  onKey.current = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    if (document.querySelector('dialog[open]')) return;
    const target = e.target as HTMLElement | null;
    if (isTextField(target)) {
      if (e.key === 'Escape' && target === searchRef.current) {
        const s = q.current;
        const lead = s.rows[Math.min(s.cursor, s.rows.length - 1)];
        searchRef.current?.blur();
        if (lead) document.getElementById(rowId(lead.id))?.focus();
      }
      return;
    }
    const s = q.current;
    const lead = s.rows[Math.min(s.cursor, s.rows.length - 1)];
    const onRow = target?.classList.contains('lead-row') ?? false;
    const actions: Record<string, () => void> = {
      j: () => moveCursor(1),
      k: () => moveCursor(-1),
      x: () => lead && toggleSelect(lead.id),
      h: () => triage('hidden'),
      n: () => triage('not_fit'),
      e: () => triage('new'),
      r: () => triage('replied'),
      u: () => undo(),
      o: () => lead && toggleOpen(lead.id),
      O: () => lead && window.open(lead.url, '_blank', 'noopener'),
      '/': () => {
        setFiltersOpen(true);
        requestAnimationFrame(() => searchRef.current?.focus());
      },
      '?': () => setShortcutsOpen(true),
      Escape: () => update((x) => ({ ...x, selected: new Set() })),
    };
    if (onRow && e.key === 'Enter') actions[e.key] = actions.o!;
    if (onRow && e.key === ' ') actions[e.key] = actions.x!;
    const action = actions[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey.current(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  // The search is sent 300 ms after the last key, or at once with Enter.
  useEffect(() => {
    if (search === filters.q) return;
    const timer = setTimeout(() => setFilter({ q: search.trim() ? search : null }), 300);
    return () => clearTimeout(timer);
  }, [search]);

  /** Clicks anywhere in the list: the row under the pointer gets the cursor; buttons say what they do. */
  function onListClick(e: MouseEvent) {
    const el = e.target as HTMLElement;
    const body = el.closest('tbody.lead');
    const id = body?.querySelector<HTMLElement>('tr.lead-row')?.dataset.leadId;
    if (!id) return;
    const index = q.current.rows.findIndex((l) => l.id === id);
    if (index >= 0) update((s) => ({ ...s, cursor: index }));
    const action = el.closest<HTMLElement>('[data-action]')?.dataset.action;
    if (action === 'select') toggleSelect(id);
    else if (action === 'open') toggleOpen(id);
    else if (action === 'hidden' || action === 'not_fit' || action === 'new' || action === 'replied') {
      update((s) => ({ ...s, selected: new Set() }));
      triage(action);
    }
  }

  /** A saved reply edit: the row shows it (the list keeps it until the next fetch, which has it too). */
  const onReply = useMemo(
    () => (leadId: string, reply: LeadReply) =>
      update((s) => ({
        ...s,
        rows: s.rows.map((l) =>
          l.id === leadId ? { ...l, reply: reply.reply, replyEditedAt: reply.replyEditedAt } : l,
        ),
      })),
    [],
  );

  const words = useMemo(() => searchWords(filters.q), [filters.q]);
  const marksCache = useMemo(() => new Map<string, Marks>(), [filters.q]);
  const marksOf = (phrase: string | null) => {
    const key = phrase ?? '';
    const cached = marksCache.get(key);
    if (cached) return cached;
    const made = marksFor(phrase, words);
    marksCache.set(key, made);
    return made;
  };

  const { rows, counts, selected } = queue;
  const cursorIndex = Math.min(queue.cursor, rows.length - 1);
  const allSelected = rows.length > 0 && rows.every((l) => selected.has(l.id));
  const total = counts ? countOf(counts, filters.status) : null;
  const scope = selected.size ? `${plural(selected.size, 'selected lead')}` : 'the focused lead';
  const loaded = list.data !== undefined;
  // A subreddit in the URL in any case is the listed one (the filter ignores case, as Reddit does).
  const listedSubreddit = summary.data?.subreddits.find(
    (s) => s.name.toLowerCase() === filters.subreddit.toLowerCase(),
  );
  const subredditValue = listedSubreddit?.name ?? filters.subreddit;
  const filtersInUse = [
    filters.q,
    filters.minScore,
    filters.stage,
    filters.seller,
    filters.subreddit,
    filters.days,
  ].filter(Boolean).length;

  return (
    <section aria-label="Leads" class="queue">
      {linkedId && (
        <LinkedLead
          key={linkedId}
          projectId={projectId}
          leadId={linkedId}
          onClose={() => go({ lead: null }, { replace: true })}
          onChanged={() => {
            list.reload();
            summary.reload();
          }}
        />
      )}
      <fieldset class="status-tabs">
        <legend class="sr-only">Status</legend>
        {([...QUEUES, 'all'] as const).map((s) => {
          const n = counts ? countOf(counts, s) : null;
          return (
            <button
              type="button"
              key={s}
              class="status-tab"
              aria-pressed={filters.status === s}
              data-status={s}
              onClick={() => setFilter({ status: s === 'new' ? null : s })}
            >
              {STATUS_LABELS[s]} <span class="count">{n ?? '…'}</span>
            </button>
          );
        })}
      </fieldset>

      <button
        type="button"
        class="btn btn-small filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls="lead-filters"
        onClick={() => setFiltersOpen(!filtersOpen)}
      >
        Filters{filtersInUse ? ` (${filtersInUse})` : ''}
      </button>
      <form
        id="lead-filters"
        class={`filters ${filtersOpen ? 'is-open' : ''}`}
        onSubmit={(e) => {
          e.preventDefault();
          setFilter({ q: search.trim() ? search : null });
        }}
      >
        <label class="search">
          <span class="sr-only">Search title and text</span>
          <input
            ref={searchRef}
            type="search"
            placeholder="Search title and text  ( / )"
            value={search}
            maxLength={200}
            onInput={(e) => setSearch(e.currentTarget.value)}
          />
        </label>
        <label>
          Minimum score
          <select value={filters.minScore} onChange={(e) => setFilter({ minScore: e.currentTarget.value })}>
            {MIN_SCORES.map((s) => (
              <option value={s} key={s}>
                {s ? `${s}+` : 'Any'}
              </option>
            ))}
          </select>
        </label>
        <label>
          Stage
          <select value={filters.stage} onChange={(e) => setFilter({ stage: e.currentTarget.value })}>
            <option value="">Any</option>
            {STAGES.map((s) => (
              <option value={s} key={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Posters
          <select value={filters.seller} onChange={(e) => setFilter({ seller: e.currentTarget.value })}>
            <option value="">Buyers and sellers</option>
            <option value="buyers">Buyers only</option>
            <option value="sellers">Seller-side only</option>
          </select>
        </label>
        <label>
          Subreddit
          <select value={subredditValue} onChange={(e) => setFilter({ subreddit: e.currentTarget.value })}>
            <option value="">Any</option>
            {subredditValue && !listedSubreddit && <option value={subredditValue}>r/{subredditValue}</option>}
            {summary.data?.subreddits.map((s) => (
              <option value={s.name} key={s.name}>
                r/{s.name} ({s.count})
              </option>
            ))}
          </select>
        </label>
        <label>
          Posted
          <select value={filters.days} onChange={(e) => setFilter({ days: e.currentTarget.value })}>
            {DAYS.map((d) => (
              <option value={d} key={d}>
                {DAY_LABELS[d]}
              </option>
            ))}
          </select>
        </label>
      </form>

      <fieldset class="queue-toolbar">
        <legend class="sr-only">Triage</legend>
        <label class="select-all">
          <input
            type="checkbox"
            checked={allSelected}
            disabled={rows.length === 0}
            onChange={() =>
              update((s) => ({ ...s, selected: allSelected ? new Set() : new Set(s.rows.map((l) => l.id)) }))
            }
          />
          Select all on this page
        </label>
        <span class="muted small" id="triage-scope">
          Acts on {scope}
        </span>
        <button
          type="button"
          class="btn btn-small"
          onClick={() => triage('replied')}
          aria-describedby="triage-scope"
          disabled={rows.length === 0}
        >
          Mark replied <kbd>r</kbd>
        </button>
        <button
          type="button"
          class="btn btn-small"
          onClick={() => triage('hidden')}
          aria-describedby="triage-scope"
          disabled={rows.length === 0}
        >
          Hide <kbd>h</kbd>
        </button>
        <button
          type="button"
          class="btn btn-small"
          onClick={() => triage('not_fit')}
          aria-describedby="triage-scope"
          disabled={rows.length === 0}
        >
          Not a fit <kbd>n</kbd>
        </button>
        <button
          type="button"
          class="btn btn-small"
          onClick={() => triage('new')}
          aria-describedby="triage-scope"
          disabled={rows.length === 0}
        >
          Back to new <kbd>e</kbd>
        </button>
        <button type="button" class="btn btn-small" onClick={undo}>
          Undo <kbd>u</kbd>
        </button>
        <span class="toolbar-end">
          <a class="btn btn-small" href={csvHref} download>
            Export CSV
          </a>
          <button type="button" class="btn btn-small keyboard-only" onClick={() => setShortcutsOpen(true)}>
            Shortcuts <kbd>?</kbd>
          </button>
        </span>
      </fieldset>

      <div class="queue-notice" role="status" aria-live="polite">
        {notice && (
          <>
            {notice.text}{' '}
            {notice.undo && (
              <button type="button" class="btn-link" onClick={undo}>
                Undo
              </button>
            )}
          </>
        )}
      </div>
      <ErrorMessage>{error ?? list.error ?? summary.error}</ErrorMessage>

      <div class={`table-wrap ${list.loading && loaded ? 'is-loading' : ''}`} aria-busy={list.loading}>
        {!loaded && !list.error && <div class="skeleton-table" />}
        {loaded && rows.length === 0 && !list.loading && (
          <div class="empty">
            <h2>No leads match</h2>
            <p>
              {filters.status === 'new' && fp.size === 1
                ? 'Nothing waiting for triage. Run a scan to look for new posts, or show all statuses.'
                : 'Try other filters or another status.'}
            </p>
          </div>
        )}
        {rows.length > 0 && (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard has its own shortcuts (see ShortcutsDialog)
          <table
            class="leads"
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a data grid is a table with role grid (WAI-ARIA APG)
            role="grid"
            aria-multiselectable="true"
            aria-label={`Leads, ${STATUS_LABELS[filters.status]}`}
            aria-describedby="queue-summary"
            onClick={onListClick}
          >
            <thead>
              <tr>
                <th scope="col" class="col-select">
                  <span class="sr-only">Selected</span>
                </th>
                <th scope="col" class="col-score">
                  Score
                </th>
                <th scope="col">Lead</th>
                <th scope="col" class="col-sub">
                  Subreddit
                </th>
                <th scope="col" class="col-time">
                  Posted
                </th>
                <th scope="col" class="col-toggle">
                  <span class="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            {rows.slice(0, Math.max(shown, cursorIndex + 1)).map((lead, i) => (
              <LeadRows
                key={lead.id}
                lead={lead}
                cursor={i === cursorIndex}
                selected={selected.has(lead.id)}
                open={queue.openId === lead.id}
                marks={marksOf(lead.matchedPhrase)}
                projectId={projectId}
                onReply={onReply}
              />
            ))}
          </table>
        )}
      </div>

      <nav class="pager" aria-label="Pages">
        <button type="button" class="btn" disabled={offset === 0} onClick={() => previousPage()}>
          ← Previous
        </button>
        <span class="muted" id="queue-summary" aria-live="polite">
          {rows.length > 0
            ? `${offset + 1}–${offset + rows.length}${total !== null ? ` of ${total}` : ''}, highest score first`
            : loaded
              ? 'No leads'
              : ''}
        </span>
        <button type="button" class="btn" disabled={!queue.hasMore} onClick={() => nextPage()}>
          Next →
        </button>
        <label class="page-size">
          Per page
          <select
            value={size}
            onChange={(e) =>
              setFilter({ size: e.currentTarget.value === '50' ? null : e.currentTarget.value })
            }
          >
            {PAGE_SIZES.map((s) => (
              <option value={s} key={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </nav>
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </section>
  );
}
