// The gate's state (issue 11): the event's list (memory, and IndexedDB once prepared for offline),
// one scan at a time judged by the server when it can be reached and on the device when not, the
// queue of offline scans and its sync. The server is the judge: a scan admitted here offline is
// sent as soon as the network is back, and the answer it gets stands. The camera admits only a
// signed QR; a typed booking reference or ticket number answers its booking's attendees, each
// admitted on its own by staff as a manual admission (decision 021, issue 28).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ENTRY_LIST_ID,
  alreadyCheckedInMessage,
  type CheckInListEntry,
  type CheckInResponse,
  type CheckInResult,
  type KitItem,
  type Registration,
  type StandingCheckIn,
} from '@tdk/api/contract';
import { callApi, getErrorMessage, indiaDateKey, isApiError, useApiClient } from '@tdk/shared-ui';
import { enqueueScan, loadList, queuedScans, removeScans, saveList, updateEntries, type StoredList } from './check-in-store';
import {
  choiceFromEntries,
  type KitDetails,
  choiceFromRegistrations,
  fullName,
  refusedOnSync,
  withOutcome,
  type ScanAnswer,
} from './gate-answer';
import { admitted, attendance, findEntry, indexList, judgeLocally, syncBatches, type GateEntry } from './offline-judge';
import { keepScreenForOffline } from './offline-cache';

export type { ScanAnswer } from './gate-answer';

/** A scan the server answered differently from this device, after a sync. */
export interface SyncProblem {
  code: string;
  name: string;
  message: string;
  /** The server refused the admission (refunded, another day…): the person was not admitted. */
  refused: boolean;
}

const LIST_REFRESH_MS = 15_000;
const SYNC_RETRY_MS = 10_000;
export const NO_LIST_MESSAGE = 'No network, and this device has no list for this event. Prepare for offline while online.';

const kitOf = (registration: Registration, checkIn: StandingCheckIn | undefined): KitDetails => ({
  bib: registration.bib,
  shirtSize: registration.additionalInfo.shirtSize,
  wave: registration.wave ?? null,
  dateOfBirth: registration.participantInfo.dateOfBirth,
  items: checkIn?.items ?? [],
  collectorName: checkIn?.collectorName ?? null,
});

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}

/** The queued scans of this device, re-applied to a list fresh from the server. */
function withLocalAdmissions(list: StoredList, pending: { code: string; scannedAt: string; gate: string }[]): StoredList {
  if (pending.length === 0) return list;
  const byCode = new Map(pending.map((scan) => [scan.code, scan]));
  return {
    ...list,
    entries: list.entries.map((entry) => {
      const scan = byCode.get(entry.code);
      return scan && !entry.checkInTime ? admitted(entry, scan.scannedAt, scan.gate) : entry;
    }),
  };
}

const isShown = (shown: { eventId: number | null; listId: string }, eventId: number | null, listId: string) =>
  shown.eventId === eventId && shown.listId === listId;

/**
 * The gate of one event and check-in list (decision 065): `list` is 'entry', 'kit' or an
 * organiser's list's id; `items` what the kit desk hands over with each kit.
 */
export function useGate(eventId: number | null, gate: string, listId: string = ENTRY_LIST_ID, items: readonly KitItem[] = []) {
  const client = useApiClient();
  const online = useOnline();
  const [list, setList] = useState<StoredList | null>(null);
  const [prepared, setPrepared] = useState<{ at: string } | null>(null);
  const [pending, setPending] = useState(0);
  const [answer, setAnswer] = useState<ScanAnswer | null>(null);
  const [problems, setProblems] = useState<SyncProblem[]>([]);
  const [preparing, setPreparing] = useState(false);
  // Connected to a network that does not reach the server (a stadium's Wi-Fi without internet)
  // is offline too: the last request says which.
  const [reachable, setReachable] = useState(true);
  const [prepareError, setPrepareError] = useState<string | null>(null);
  const listRef = useRef(list);
  listRef.current = list;
  const preparedRef = useRef(prepared);
  preparedRef.current = prepared;
  const syncing = useRef(false);
  // The event and list on screen now: an answer for one the volunteer has since left is not kept.
  const shown = useRef({ eventId, listId });
  shown.current = { eventId, listId };
  const index = useMemo(() => (list ? indexList(list) : null), [list]);
  const counts = useMemo(() => (list ? attendance(list.entries) : null), [list]);

  const countPending = useCallback(async () => setPending((await queuedScans()).length), []);

  const keep = useCallback(async (next: StoredList) => {
    setList(next);
    if (preparedRef.current) await saveList(next);
  }, []);

  // Changing event: what this device kept for it, if anything, until the server answers.
  useEffect(() => {
    let current = true;
    setList(null);
    setPrepared(null);
    setAnswer(null);
    if (eventId === null) return;
    void loadList(eventId).then((stored) => {
      // A device keeps one prepared list per event: another list's is not this one's.
      if (!current || !stored || (stored.list ?? ENTRY_LIST_ID) !== listId) return;
      setList(stored);
      setPrepared({ at: stored.generatedAt });
    });
    void countPending();
    return () => {
      current = false;
    };
  }, [eventId, listId, countPending]);

  /**
   * The event's list from the server, with this device's queued scans applied; 'unchanged' when
   * `etag` still matches (a 304).
   */
  const fetchList = useCallback(
    async (forEvent: number, etag?: string | null): Promise<StoredList | 'unchanged'> => {
      const response = await client.api.admin.registrations['check-in'].list.$get(
        { query: { eventId: String(forEvent), list: listId } },
        { headers: etag ? { 'If-None-Match': etag } : {} },
      );
      setReachable(true);
      if (response.status === 304) return 'unchanged';
      const fresh = await callApi(Promise.resolve(response));
      const queue = (await queuedScans()).filter((scan) => scan.eventId === forEvent && (scan.list ?? ENTRY_LIST_ID) === listId);
      return withLocalAdmissions({ ...fresh, list: listId, etag: response.headers.get('ETag') }, queue);
    },
    [client, listId],
  );

  /** Asks the server for the list, cheaply (ETag) when this device has one. */
  const refresh = useCallback(async () => {
    if (eventId === null || !navigator.onLine) return;
    const known =
      listRef.current?.eventId === eventId && (listRef.current.list ?? ENTRY_LIST_ID) === listId ? listRef.current : null;
    try {
      const fresh = await fetchList(eventId, known?.etag);
      if (fresh !== 'unchanged' && isShown(shown.current, eventId, listId)) await keep(fresh);
    } catch (error) {
      // Offline or the server is down: the kept list stands, and the next tick asks again.
      if (!isApiError(error) || error.status === 0) setReachable(false);
    }
  }, [eventId, listId, fetchList, keep]);

  /** Sends the queue; true when it sent anything (the list then changed on the server). */
  const sync = useCallback(async (): Promise<boolean> => {
    if (syncing.current || !navigator.onLine) return false;
    const queue = await queuedScans();
    // Nothing waits: an idle sync asks the server nothing.
    if (queue.length === 0) return false;
    syncing.current = true;
    try {
      for (const batch of syncBatches(queue)) {
        let results: CheckInResult[];
        try {
          ({ results } = await callApi(
            client.api.admin.registrations['check-in'].sync.$post({
              json: {
                eventId: batch[0]!.eventId,
                listedAt: batch[0]!.listedAt,
                ...(batch[0]!.list && batch[0]!.list !== ENTRY_LIST_ID && { list: batch[0]!.list }),
                scans: batch.map(({ code, scannedAt, gate: scanGate, entry }) => ({
                  code,
                  scannedAt,
                  gate: scanGate,
                  ...(entry === 'chosen' && { entry }),
                })),
              },
            }),
          ));
          setReachable(true);
        } catch (error) {
          // Not reachable: try again later. Refused whole (a batch the server will never take):
          // say so once and drop it, or it would block every scan behind it.
          if (!isApiError(error) || error.status === 0) {
            setReachable(false);
            return false;
          }
          if (error.status === 401 || error.status >= 500) return false;
          results = batch.map((scan) => ({
            code: scan.code,
            outcome: 'refused',
            checkInTime: null,
            gate: null,
            reason: error.message,
          }));
        }
        const stored = new Map((await loadList(batch[0]!.eventId))?.entries.map((entry) => [entry.code, entry]));
        const nameOf = (code: string) => stored.get(code)?.name ?? code;
        const differing = results.filter((result) => result.outcome !== 'checked-in');
        if (differing.length > 0) {
          setProblems((before) => [
            ...differing.map((result) => ({
              code: result.code,
              name: nameOf(result.code),
              refused: result.outcome === 'refused',
              message:
                result.outcome === 'duplicate' && result.checkInTime
                  ? alreadyCheckedInMessage(result.checkInTime, result.gate)
                  : (result.reason ?? 'Refused by the server'),
            })),
            ...before,
          ]);
        }
        // The server's word stands on this device too: its check-in (a duplicate shows the first
        // gate), and a refused one is not a check-in here either.
        await updateEntries(
          batch[0]!.eventId,
          results.flatMap((result): CheckInListEntry[] => {
            const entry = stored.get(result.code);
            if (!entry) return [];
            if (result.checkInTime) return [{ ...entry, checkInTime: result.checkInTime, gate: result.gate }];
            return result.outcome === 'refused' ? [{ ...entry, checkInTime: null, gate: null }] : [];
          }),
        );
        // A card still showing a refused scan as admitted on this device turns red with the reason.
        const refusedNumbers = new Map(
          results.flatMap((result) => {
            const entry = stored.get(result.code);
            return result.outcome === 'refused' && entry ? [[entry.registrationNumber, result.reason ?? ''] as const] : [];
          }),
        );
        if (refusedNumbers.size > 0) {
          setAnswer((shown) => refusedOnSync(shown, refusedNumbers));
          setList((current) =>
            current
              ? {
                  ...current,
                  entries: current.entries.map((entry) =>
                    refusedNumbers.has(entry.registrationNumber) ? { ...entry, checkInTime: null, gate: null } : entry,
                  ),
                }
              : current,
          );
        }
        await removeScans(batch.map((scan) => scan.id!));
      }
    } finally {
      syncing.current = false;
      await countPending();
    }
    return true;
  }, [client, countPending]);

  // Online: sync what waits, then keep the list fresh in the background.
  useEffect(() => {
    if (!online || eventId === null) return;
    // A sync that ends after the volunteer chose another list or event refreshes nothing: this
    // effect's refresh asks for the list it was made for.
    let active = true;
    const refreshIfActive = () => (active ? refresh() : undefined);
    const syncThenRefresh = () => void sync().then((sent) => (sent ? refreshIfActive() : undefined));
    void sync().then(refreshIfActive);
    const listTimer = setInterval(() => void refresh(), LIST_REFRESH_MS);
    const syncTimer = setInterval(syncThenRefresh, SYNC_RETRY_MS);
    return () => {
      active = false;
      clearInterval(listTimer);
      clearInterval(syncTimer);
    };
  }, [online, eventId, refresh, sync]);

  /** Downloads the list into IndexedDB and keeps the screen itself for a reload offline. */
  const prepare = useCallback(async () => {
    if (eventId === null) return;
    setPreparing(true);
    setPrepareError(null);
    try {
      const next = await fetchList(eventId);
      if (next === 'unchanged' || !isShown(shown.current, eventId, listId)) return;
      // The screen itself and the camera's decoder too, so a reload and the first frame work offline.
      await Promise.all([keepScreenForOffline(), import('./qr-decoder').then((decoder) => decoder.preloadDecoder())]);
      await saveList(next);
      setList(next);
      setPrepared({ at: next.generatedAt });
    } catch (error) {
      setPrepareError(`Could not prepare for offline: ${getErrorMessage(error)}`);
    } finally {
      setPreparing(false);
    }
  }, [eventId, listId, fetchList]);

  const patchEntry = useCallback(
    async (match: (entry: CheckInListEntry) => boolean, change: (entry: CheckInListEntry) => CheckInListEntry) => {
      const current = listRef.current;
      const entry = current?.entries.find(match);
      if (!current || !entry) return;
      const next = change(entry);
      setList({ ...current, entries: current.entries.map((each) => (each === entry ? next : each)) });
      if (preparedRef.current) await updateEntries(current.eventId, [next]);
    },
    [],
  );

  /** The device's verdict, offline; an admission is queued for the server. */
  const judgeOnDevice = useCallback(
    async (code: string, at: string, entry: GateEntry): Promise<ScanAnswer> => {
      const current = listRef.current;
      if (!index || !current || current.eventId !== eventId) return { tone: 'red', message: NO_LIST_MESSAGE };
      const started = performance.now();
      const verdict = judgeLocally(index, code, indiaDateKey(at), entry, listId);
      performance.measure('tdk:check-in:local-judgement', { start: started, end: performance.now() });
      if (verdict.kind === 'refuse') return { tone: 'red', message: verdict.reason };
      if (verdict.kind === 'choose') return choiceFromEntries(verdict.bookingReference, verdict.entries);
      if (verdict.kind === 'duplicate') {
        return {
          tone: 'amber',
          message: alreadyCheckedInMessage(verdict.checkInTime, verdict.gate),
          name: verdict.entry.name,
        };
      }
      const { entry: ticket } = verdict;
      // Sent as the signed code the list holds, whatever was typed: the server checks its signature.
      await enqueueScan({
        eventId: current.eventId,
        code: ticket.code,
        scannedAt: at,
        gate,
        listedAt: current.generatedAt,
        ...(entry === 'chosen' && { entry }),
        ...(listId !== ENTRY_LIST_ID && { list: listId }),
      });
      await patchEntry(
        (each) => each.code === ticket.code,
        (each) => admitted(each, at, gate),
      );
      await countPending();
      return {
        tone: 'green',
        name: ticket.name,
        ticketName: ticket.ticketName,
        registrationNumber: ticket.registrationNumber,
        checkInTime: at,
        gate,
        offline: true,
      };
    },
    [countPending, eventId, gate, index, listId, patchEntry],
  );

  /** The server's verdict when it can be reached, the device's when not. */
  const judge = useCallback(
    async (code: string, forEvent: number, entry: GateEntry): Promise<ScanAnswer> => {
      const at = new Date().toISOString();
      if (navigator.onLine) {
        try {
          // The typed client's answer may lag behind the contract: code to the contract's type.
          const answer = (await callApi(
            client.api.admin.registrations['check-in'].$post({
              json: {
                code,
                entry,
                gate,
                eventId: forEvent,
                ...(listId !== ENTRY_LIST_ID && { list: listId }),
                ...(listId === 'kit' && { items: [...items] }),
              },
            }),
          )) as CheckInResponse & { checkIn?: StandingCheckIn };
          setReachable(true);
          if ('attendees' in answer) return choiceFromRegistrations(answer.bookingReference, answer.attendees);
          const { registration } = answer;
          const checkInTime = answer.checkIn?.checkInTime ?? registration.checkInTime ?? at;
          await patchEntry(
            (entry) => entry.registrationNumber === registration.registrationNumber,
            (entry) => admitted(entry, checkInTime, gate),
          );
          return {
            tone: 'green',
            name: fullName(registration),
            ticketName: registration.ticketName,
            registrationNumber: registration.registrationNumber,
            checkInTime,
            gate: answer.checkIn?.gate ?? registration.checkInGate ?? gate,
            offline: false,
            ...(listId === 'kit' && { kit: kitOf(registration, answer.checkIn) }),
          };
        } catch (error) {
          if (!isApiError(error) || error.status !== 0) {
            setReachable(true);
            if (isApiError(error) && error.status === 409) {
              const known = index ? findEntry(index, code) : undefined;
              return { tone: 'amber', message: error.message, ...(known ? { name: known.name } : {}) };
            }
            const message = isApiError(error) ? (Object.values(error.fields ?? {})[0] ?? error.message) : String(error);
            return { tone: 'red', message };
          }
          // The server could not be reached: judge here, as offline.
          setReachable(false);
        }
      }
      return judgeOnDevice(code, at, entry);
    },
    [client, gate, index, items, judgeOnDevice, listId, patchEntry],
  );

  /** A code from the camera ('scan': only a signed QR admits) or typed by staff ('typed': lists its booking). */
  const scan = useCallback(
    async (rawCode: string, entry: 'scan' | 'typed' = 'scan') => {
      const code = rawCode.trim();
      if (!code || eventId === null) return;
      setAnswer(await judge(code, eventId, entry));
    },
    [eventId, judge],
  );

  /**
   * Admits one attendee of the order on show, by their own ticket number (same gate and event);
   * the list stays, with what the server (or the device, offline) answered for them.
   */
  const admit = useCallback(
    async (bookingReference: string, registrationNumber: string): Promise<ScanAnswer | undefined> => {
      if (eventId === null) return undefined;
      // Staff chose this attendee from the list: a manual admission (issue 28).
      const result = await judge(registrationNumber, eventId, 'chosen');
      setAnswer((shown) =>
        shown?.tone === 'choose' && shown.bookingReference === bookingReference
          ? withOutcome(shown, registrationNumber, result)
          : shown,
      );
      return result;
    },
    [eventId, judge],
  );

  return {
    online: online && reachable,
    list,
    counts,
    prepared,
    preparing,
    prepareError,
    pending,
    answer,
    problems,
    scan,
    admit,
    prepare,
    dismissProblems: () => setProblems([]),
  };
}
