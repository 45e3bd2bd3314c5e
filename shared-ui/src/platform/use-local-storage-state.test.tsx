import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useLocalStorageState } from './use-local-storage-state';

function CityPicker({ testId = 'city' }: { testId?: string }) {
  const [city, setCity, reset] = useLocalStorageState('tdk.city', 'Mumbai');
  return (
    <div>
      <p data-testid={testId}>{city}</p>
      <button type="button" onClick={() => setCity('Pune')}>
        Pune {testId}
      </button>
      <button type="button" onClick={reset}>
        Reset {testId}
      </button>
    </div>
  );
}

function Likes() {
  const [likes, setLikes] = useLocalStorageState<number[]>('tdk.likes', []);
  return (
    <button type="button" onClick={() => setLikes((prev) => (prev.includes(7) ? prev.filter((id) => id !== 7) : [...prev, 7]))}>
      Likes: {likes.join(',')}
    </button>
  );
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('useLocalStorageState', () => {
  it('starts from the initial value and persists changes as JSON', () => {
    render(<CityPicker />);
    expect(screen.getByTestId('city').textContent).toBe('Mumbai');
    fireEvent.click(screen.getByRole('button', { name: 'Pune city' }));
    expect(screen.getByTestId('city').textContent).toBe('Pune');
    expect(localStorage.getItem('tdk.city')).toBe('"Pune"');
  });

  it('reads a stored value and ignores a corrupt one', () => {
    localStorage.setItem('tdk.city', '"Delhi"');
    const { unmount } = render(<CityPicker />);
    expect(screen.getByTestId('city').textContent).toBe('Delhi');
    unmount();
    localStorage.setItem('tdk.city', '{not json');
    render(<CityPicker />);
    expect(screen.getByTestId('city').textContent).toBe('Mumbai');
  });

  it('supports functional updates', () => {
    render(<Likes />);
    const button = screen.getByRole('button');
    fireEvent.click(button);
    expect(button.textContent).toBe('Likes: 7');
    expect(localStorage.getItem('tdk.likes')).toBe('[7]');
    fireEvent.click(button);
    expect(button.textContent).toBe('Likes: ');
  });

  it('keeps two components with the same key in step, and reset removes the key', () => {
    render(
      <>
        <CityPicker testId="a" />
        <CityPicker testId="b" />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pune a' }));
    expect(screen.getByTestId('b').textContent).toBe('Pune');
    fireEvent.click(screen.getByRole('button', { name: 'Reset b' }));
    expect(screen.getByTestId('a').textContent).toBe('Mumbai');
    expect(localStorage.getItem('tdk.city')).toBeNull();
  });

  it('follows changes from other tabs', () => {
    render(<CityPicker />);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'tdk.city', newValue: '"Chennai"' }));
    });
    expect(screen.getByTestId('city').textContent).toBe('Chennai');
  });

  it('still works in memory when storage throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    render(<CityPicker />);
    expect(screen.getByTestId('city').textContent).toBe('Mumbai');
    fireEvent.click(screen.getByRole('button', { name: 'Pune city' }));
    expect(screen.getByTestId('city').textContent).toBe('Pune');
  });
});
