import { nearestCity, type PublicCity } from './cities';

export type DetectResult = { ok: true; city: PublicCity; distanceKm: number } | { ok: false; message: string };

/** The storefront catalogue's keys of what went wrong (the dialog says them in the page's language). */
export const LOCATION_MESSAGES = {
  denied: 'location.denied',
  unavailable: 'location.unavailable',
  unsupported: 'location.unsupported',
} as const;

/** Asks the browser for its position and picks the nearest of the public cities. */
export function detectNearestCity(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<DetectResult> {
  if (!geolocation) return Promise.resolve({ ok: false, message: LOCATION_MESSAGES.unsupported });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude } = position.coords;
        resolve({ ok: true, ...nearestCity({ lat: latitude, lon: longitude }) });
      },
      (error) => {
        resolve({ ok: false, message: error.code === 1 ? LOCATION_MESSAGES.denied : LOCATION_MESSAGES.unavailable });
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 10 * 60_000 },
    );
  });
}
