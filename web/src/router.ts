// A few routes need no library: the History API, one subscription, and links that do not reload the page.
import { useEffect, useRef, useState } from 'preact/hooks';

const listeners = new Set<() => void>();
const here = () => location.pathname + location.search;
let current = here();

/** Set while a form holds unsaved edits: whether they are there now (read when leaving). */
let unsaved: (() => boolean) | null = null;
const LEAVE = 'You have unsaved changes on this page. Leave without saving them?';

/** Whether the page may be left: no unsaved edits, or the person says to drop them. */
function mayLeave(): boolean {
  return !unsaved?.() || confirm(LEAVE);
}

/** Goes to `to` in the app; false when the person chose to stay with unsaved edits. */
export function navigate(to: string, opts: { replace?: boolean } = {}): boolean {
  if (to === here()) return true;
  if (!mayLeave()) return false;
  if (opts.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  current = here();
  for (const l of listeners) l();
  return true;
}

addEventListener('popstate', () => {
  // Back or forward has already changed the address: staying puts the page's own address back.
  if (!mayLeave()) {
    history.pushState(null, '', current);
    return;
  }
  current = here();
  for (const l of listeners) l();
});

/**
 * While mounted, leaving the page (a link in the app, back or forward, a reload or closing the tab) asks first
 * when `hasUnsaved()` is true.
 */
export function useLeaveGuard(hasUnsaved: () => boolean) {
  const check = useRef(hasUnsaved);
  check.current = hasUnsaved;
  useEffect(() => {
    const guard = () => check.current();
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (guard()) e.preventDefault();
    };
    unsaved = guard;
    addEventListener('beforeunload', onBeforeUnload);
    return () => {
      if (unsaved === guard) unsaved = null;
      removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);
}

export interface Location {
  path: string;
  query: URLSearchParams;
}

export function useLocation(): Location {
  const [, setTick] = useState(0);
  useEffect(() => {
    const l = () => setTick((n) => n + 1);
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  }, []);
  return { path: location.pathname, query: new URLSearchParams(location.search) };
}

/** The URL with some query parameters changed; empty values are dropped. */
export function withQuery(path: string, query: URLSearchParams, changes: Record<string, string | null>) {
  const q = new URLSearchParams(query);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === '') q.delete(k);
    else q.set(k, v);
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
