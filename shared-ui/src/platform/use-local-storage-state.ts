import { useCallback, useEffect, useRef, useState, type SetStateAction } from 'react';
import { isHydratingDrawnPage } from './remote-slot';

// Components using the same key on one page (the liked-events grid and an event's detail page,
// say) are kept in step through this in-memory channel; other tabs through the 'storage' event.
const listeners = new Map<string, Set<(raw: string | null) => void>>();

function notify(key: string, raw: string | null, except?: (raw: string | null) => void) {
  listeners.get(key)?.forEach((listener) => {
    if (listener !== except) listener(raw);
  });
}

function getStorage(): Storage | null {
  try {
    // Access itself throws in some privacy modes and sandboxed iframes.
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return getStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, raw: string | null): void {
  try {
    const storage = getStorage();
    if (!storage) return;
    if (raw === null) storage.removeItem(key);
    else storage.setItem(key, raw);
  } catch {
    // Quota exceeded or storage disabled: the value still lives in memory for this page.
  }
}

function parse<T>(raw: string | null, fallback: T): T {
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/**
 * useState persisted in localStorage as JSON, e.g. the remembered city or liked events.
 * Unavailable or corrupt storage falls back to `initial` and never throws. Returns
 * `[value, setValue, reset]`; `reset` removes the key and goes back to `initial`.
 */
export function useLocalStorageState<T>(
  key: string,
  initial: T | (() => T),
): [T, (value: SetStateAction<T>) => void, () => void] {
  const initialRef = useRef<T | undefined>(undefined);
  const getInitial = useCallback((): T => {
    if (initialRef.current === undefined) {
      initialRef.current = typeof initial === 'function' ? (initial as () => T)() : initial;
    }
    return initialRef.current as T;
    // The initial value is read once, like useState's: a new `initial` on a later render is ignored.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // rawRef holds the JSON the current value came from, so re-reading storage that has not
  // changed keeps the same object and does not wake up effects that depend on it.
  const rawRef = useRef<string | null>(null);
  const [value, setValue] = useState<T>(() => {
    // Over the page the API drew, the first render is the drawing's (it had no storage): the
    // stored value follows at once, from the effect below, so hydration finds what it drew.
    if (isHydratingDrawnPage()) return getInitial();
    rawRef.current = read(key);
    return parse(rawRef.current, getInitial());
  });
  const valueRef = useRef(value);
  valueRef.current = value;
  const listenerRef = useRef<((raw: string | null) => void) | null>(null);

  // Re-read when the key changes, and follow changes made by other hooks and other tabs.
  useEffect(() => {
    const apply = (raw: string | null) => {
      if (raw === rawRef.current) return;
      rawRef.current = raw;
      const next = parse(raw, getInitial());
      valueRef.current = next;
      setValue(() => next);
    };
    apply(read(key));
    listenerRef.current = apply;
    let set = listeners.get(key);
    if (!set) listeners.set(key, (set = new Set()));
    set.add(apply);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) apply(event.newValue);
      else if (event.key === null) apply(null); // storage.clear() in another tab
    };
    window.addEventListener('storage', onStorage);
    return () => {
      set.delete(apply);
      if (set.size === 0) listeners.delete(key);
      window.removeEventListener('storage', onStorage);
    };
  }, [key, getInitial]);

  const update = useCallback(
    (next: SetStateAction<T>) => {
      const resolved = typeof next === 'function' ? (next as (prev: T) => T)(valueRef.current) : next;
      let raw: string | null;
      try {
        raw = JSON.stringify(resolved) ?? null;
      } catch {
        raw = null;
      }
      rawRef.current = raw;
      valueRef.current = resolved;
      setValue(() => resolved);
      write(key, raw);
      notify(key, raw, listenerRef.current ?? undefined);
    },
    [key],
  );

  const reset = useCallback(() => {
    const fallback = getInitial();
    rawRef.current = null;
    valueRef.current = fallback;
    setValue(() => fallback);
    write(key, null);
    notify(key, null, listenerRef.current ?? undefined);
  }, [key, getInitial]);

  return [value, update, reset];
}
