import { useCallback } from 'react';
import { useLocalStorageState } from '@tdk/shared-ui';

export const LIKED_EVENTS_KEY = 'tdk.storefront.liked-events';

/** The ids of the events saved in this browser, most recently saved last (the Saved page). */
export function useLikedEventIds(): number[] {
  const [liked] = useLocalStorageState<number[]>(LIKED_EVENTS_KEY, []);
  return Array.isArray(liked) ? liked.filter((id) => Number.isInteger(id)) : [];
}

/** Liked (saved) events, remembered in this browser; the card's heart and the detail page's Save share it. */
export function useLikedEvent(eventId: number): [boolean, () => void] {
  const [liked, setLiked] = useLocalStorageState<number[]>(LIKED_EVENTS_KEY, []);
  const list = Array.isArray(liked) ? liked : [];
  const isLiked = list.includes(eventId);
  const toggle = useCallback(
    () =>
      setLiked((current) => {
        const ids = Array.isArray(current) ? current : [];
        return ids.includes(eventId) ? ids.filter((id) => id !== eventId) : [...ids, eventId];
      }),
    [eventId, setLiked],
  );
  return [isLiked, toggle];
}
