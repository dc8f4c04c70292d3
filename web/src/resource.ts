import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api, isAbort, messageOf } from './api.ts';

export interface Resource<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload(): void;
  /** Changes the loaded value in place (after a mutation the page already knows the result of). */
  set(update: (data: T | undefined) => T | undefined): void;
}

/**
 * Loads `load(signal)` when `key` changes. The previous data stays on screen while the next loads, so a filter
 * change does not collapse the page; a stale answer never overwrites a newer one.
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    loadRef.current(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (err: unknown) => {
        if (controller.signal.aborted || isAbort(err)) return;
        setError(messageOf(err));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data, error, loading, reload, set: setData };
}

export interface Refresh {
  busy: boolean;
  error: string | null;
  run(): Promise<void>;
}

/** A "refresh now" button's state: POSTs `path` and puts the answer in `resource`, or shows why it failed. */
export function useRefresh<T>(resource: Resource<T>, path: string): Refresh {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await api<T>('POST', path, {});
      resource.set(() => next);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
