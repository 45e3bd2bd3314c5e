import { describe, expect, it } from 'vitest';
import { PUBLIC_CITIES } from '@tdk/api/contract';
import { loadLanguage, translator } from '@tdk/shared-ui';
import { CITY_COORDINATES, CITY_OPTIONS, canonicalCity, haversineKm, nearestCity, resolveCityChoice } from './cities';
import { cityPhrase } from '../i18n';
import { LOCATION_MESSAGES, detectNearestCity } from './geolocation';

describe('nearest city', () => {
  it('has coordinates for each of the public cities and offers Online first', () => {
    expect(Object.keys(CITY_COORDINATES).sort()).toEqual([...PUBLIC_CITIES].sort());
    expect(CITY_OPTIONS).toEqual(['Online', ...PUBLIC_CITIES]);
  });

  it('measures great-circle distances (Mumbai to Delhi is about 1,150 km)', () => {
    expect(haversineKm(CITY_COORDINATES.Mumbai, CITY_COORDINATES.Delhi)).toBeGreaterThan(1100);
    expect(haversineKm(CITY_COORDINATES.Mumbai, CITY_COORDINATES.Delhi)).toBeLessThan(1200);
    expect(haversineKm(CITY_COORDINATES.Pune, CITY_COORDINATES.Pune)).toBe(0);
  });

  it.each([
    [{ lat: 19.0596, lon: 72.8295 }, 'Mumbai'], // Bandra
    [{ lat: 19.1972, lon: 72.9722 }, 'Thane'],
    [{ lat: 28.4089, lon: 77.3178 }, 'Noida'], // Faridabad is nearer Noida's centre than Delhi's
    [{ lat: 28.4744, lon: 77.504 }, 'Noida'], // Greater Noida
    [{ lat: 28.4, lon: 76.95 }, 'Gurugram'],
    [{ lat: 12.2958, lon: 76.6394 }, 'Bangalore'], // Mysuru
    [{ lat: 18.7, lon: 73.6 }, 'Pune'], // Lonavala side
    [{ lat: 26.4499, lon: 80.3319 }, 'Noida'], // Kanpur: far, still the nearest of the public cities
  ])('picks the nearest city for %o', (position, city) => {
    expect(nearestCity(position).city).toBe(city);
  });

  it('spells a city as the list does, whatever the case', () => {
    expect(canonicalCity('mumbai')).toBe('Mumbai');
    expect(canonicalCity(' ONLINE ')).toBe('Online');
    expect(canonicalCity('Atlantis')).toBeUndefined();
  });
});

describe('detect location', () => {
  const geolocation = (impl: Geolocation['getCurrentPosition']) => ({ getCurrentPosition: impl }) as unknown as Geolocation;

  it('turns a browser position into the nearest city', async () => {
    const result = await detectNearestCity(
      geolocation((ok) => ok({ coords: { latitude: 22.6, longitude: 88.4 } } as GeolocationPosition)),
    );
    expect(result).toMatchObject({ ok: true, city: 'Kolkata' });
  });

  it('explains a refusal, an unknown position and a browser without geolocation', async () => {
    const refuse = geolocation((_ok, fail) => fail?.({ code: 1, message: 'denied' } as GeolocationPositionError));
    expect(await detectNearestCity(refuse)).toEqual({ ok: false, message: LOCATION_MESSAGES.denied });
    const unknown = geolocation((_ok, fail) => fail?.({ code: 2, message: 'unavailable' } as GeolocationPositionError));
    expect(await detectNearestCity(unknown)).toEqual({ ok: false, message: LOCATION_MESSAGES.unavailable });
    expect(await detectNearestCity(undefined)).toEqual({ ok: false, message: LOCATION_MESSAGES.unsupported });
  });
});

describe('resolveCityChoice', () => {
  it('follows the remembered city when the URL names none', () => {
    expect(resolveCityChoice(null, 'Pune')).toEqual({ city: 'Pune', label: 'Pune' });
    expect(resolveCityChoice('', 'all')).toEqual({ city: '', label: 'All cities' });
  });

  it('lets a city in the URL win, spelled as the list spells it', () => {
    expect(resolveCityChoice('delhi', 'Pune')).toEqual({ city: 'Delhi', label: 'Delhi' });
    expect(resolveCityChoice('ALL', 'Pune')).toEqual({ city: '', label: 'All cities' });
    expect(resolveCityChoice('Shimla', 'Pune')).toEqual({ city: 'Shimla', label: 'Shimla' });
  });

  it('shows every city for a remembered value it does not know', () => {
    expect(resolveCityChoice(undefined, 'Atlantis')).toEqual({ city: '', label: 'All cities' });
  });
});

describe('cityPhrase', () => {
  it('says Online events come with every city', () => {
    const t = translator('en', 'storefront');
    expect(cityPhrase(t, 'Pune')).toBe('in Pune and online');
    expect(cityPhrase(t, 'Online')).toBe('online');
    expect(cityPhrase(t, '')).toBe('in every city');
  });

  it('names the city in Hindi and Marathi', async () => {
    await Promise.all([loadLanguage('hi'), loadLanguage('mr')]);
    expect(cityPhrase(translator('hi', 'storefront'), 'Pune')).toBe('पुणे में और ऑनलाइन');
    expect(cityPhrase(translator('mr', 'storefront'), 'Mumbai')).toBe('मुंबई मध्ये आणि ऑनलाइन');
  });
});
