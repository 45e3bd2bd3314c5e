import { DEFAULT_CITY, PUBLIC_CITIES } from '@tdk/api/contract';

export {
  ALL_CITIES,
  ALL_CITIES_LABEL,
  canonicalCity,
  canonicalCityChoice,
  CITY_OPTIONS,
  resolveCityChoice,
  type CityChoice,
} from '@tdk/api/contract';

export type PublicCity = (typeof PUBLIC_CITIES)[number];

/** City centres (latitude, longitude) of the public cities, for Detect Location. */
export const CITY_COORDINATES: Record<PublicCity, { lat: number; lon: number }> = {
  Mumbai: { lat: 19.076, lon: 72.8777 },
  Delhi: { lat: 28.6139, lon: 77.209 },
  Bangalore: { lat: 12.9716, lon: 77.5946 },
  Chennai: { lat: 13.0827, lon: 80.2707 },
  Hyderabad: { lat: 17.385, lon: 78.4867 },
  Pune: { lat: 18.5204, lon: 73.8567 },
  Kolkata: { lat: 22.5726, lon: 88.3639 },
  Ahmedabad: { lat: 23.0225, lon: 72.5714 },
  Gurugram: { lat: 28.4595, lon: 77.0266 },
  Jaipur: { lat: 26.9124, lon: 75.7873 },
  Noida: { lat: 28.5355, lon: 77.391 },
  Thane: { lat: 19.2183, lon: 72.9781 },
  Kochi: { lat: 9.9312, lon: 76.2673 },
  Surat: { lat: 21.1702, lon: 72.8311 },
};

const EARTH_RADIUS_KM = 6371;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function haversineKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The public city nearest to a position, with its distance. */
export function nearestCity(position: { lat: number; lon: number }): { city: PublicCity; distanceKm: number } {
  let best: { city: PublicCity; distanceKm: number } = { city: DEFAULT_CITY as PublicCity, distanceKm: Infinity };
  for (const city of PUBLIC_CITIES) {
    const distanceKm = haversineKm(position, CITY_COORDINATES[city]);
    if (distanceKm < best.distanceKm) best = { city, distanceKm };
  }
  return best;
}
