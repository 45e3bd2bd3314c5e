// A buyer on a slow phone taps All and picks a city before the list is drawn again: both changes
// must reach the URL, not only the last one.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { renderWithPlatform } from '../testing';
import { useSearchParams } from './search-params';

function Filters() {
  const [params, setParams] = useSearchParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const change = (key: string, value: string | null) =>
    setParams((current) => {
      if (value === null) current.delete(key);
      else current.set(key, value);
      return current;
    });
  return (
    <>
      <output aria-label="Address">{search}</output>
      <output aria-label="Category">{params.get('category') ?? 'All'}</output>
      <button
        onClick={() => {
          // Two handlers' worth of changes before React draws the first.
          change('category', null);
          change('city', 'Online');
        }}
      >
        All, then Online
      </button>
      <button onClick={() => change('category', 'swimming')}>Swimming</button>
      <button onClick={() => navigate(-1)}>Back</button>
    </>
  );
}

describe('useSearchParams', () => {
  it('keeps every change made before the router draws the first', () => {
    renderWithPlatform(<Filters />, { route: '/events?category=football&city=Mumbai' });
    fireEvent.click(screen.getByRole('button', { name: 'All, then Online' }));
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('?city=Online');
    expect(screen.getByRole('status', { name: 'Category' }).textContent).toBe('All');
  });

  it('starts from the address on screen once it is drawn, also after going back', () => {
    renderWithPlatform(<Filters />, { route: '/events?category=football&city=Mumbai' });
    fireEvent.click(screen.getByRole('button', { name: 'All, then Online' }));
    // Each change is its own history entry: back twice is where the buyer started.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('?city=Mumbai');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('?category=football&city=Mumbai');
    fireEvent.click(screen.getByRole('button', { name: 'Swimming' }));
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('?category=swimming&city=Mumbai');
  });
});
