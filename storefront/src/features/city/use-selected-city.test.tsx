import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { REMEMBERED_CITY_COOKIE } from '@tdk/api/contract';
import { renderWithPlatform } from '@tdk/shared-ui/testing';
import { useSelectedCity } from './use-selected-city';

const cookieCity = () =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${REMEMBERED_CITY_COOKIE}=`))
    ?.slice(REMEMBERED_CITY_COOKIE.length + 1);

let choose: (city: string) => void = () => undefined;
function CityShown() {
  const [city, setCity] = useSelectedCity();
  choose = setCity;
  return <p>City: {city}</p>;
}

afterEach(() => {
  localStorage.clear();
  document.cookie = `${REMEMBERED_CITY_COOKIE}=; Path=/; Max-Age=0`;
});

describe('the remembered city, told to the server', () => {
  it('writes the choice into the cookie the server draws the first screen by', async () => {
    renderWithPlatform(<CityShown />, { route: '/' });
    await screen.findByText('City: Mumbai');
    expect(cookieCity()).toBe('Mumbai');
    act(() => choose('Delhi'));
    await screen.findByText('City: Delhi');
    expect(cookieCity()).toBe('Delhi');
    act(() => choose('all'));
    await screen.findByText('City: all');
    expect(cookieCity()).toBe('all');
  });

  it('tells the server a choice made before the cookie existed, on the next visit', async () => {
    localStorage.setItem('tdk.storefront.city', JSON.stringify('Pune'));
    renderWithPlatform(<CityShown />, { route: '/' });
    await screen.findByText('City: Pune');
    expect(cookieCity()).toBe('Pune');
  });
});
