import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../test/render';
import { ToastProvider, useToast, type ToastOptions } from './toast-provider';

function Trigger({ options, label = 'Show' }: { options: ToastOptions; label?: string }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast(options)}>
      {label}
    </button>
  );
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows title and description as separate elements and auto-dismisses after 5 s', () => {
    renderWithTheme(
      <ToastProvider>
        <Trigger options={{ title: 'Success', description: 'Event created successfully', variant: 'success' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    const region = screen.getByRole('status', { name: 'Notifications' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.contains(screen.getByTestId('toast'))).toBe(true);
    expect(screen.getByTestId('toast-title').textContent).toBe('Success');
    expect(screen.getByTestId('toast-description').textContent).toBe('Event created successfully');

    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('announces every toast, errors included, through the one polite region, and honours durationMs', () => {
    renderWithTheme(
      <ToastProvider>
        <Trigger options={{ title: 'Error', description: 'Failed to delete event.', variant: 'destructive', durationMs: 1000 }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('status')).toHaveLength(1);
    const toast = screen.getByTestId('toast');
    expect(toast.getAttribute('data-variant')).toBe('destructive');
    expect(screen.getByRole('status', { name: 'Notifications' }).textContent).toContain('Failed to delete event.');
    act(() => {
      vi.advanceTimersByTime(1001);
    });
    expect(screen.queryByTestId('toast')).toBeNull();
    // The region stays, ready for the next one.
    expect(screen.getByRole('status', { name: 'Notifications' })).toBeTruthy();
  });

  it('closes from its labelled close button', () => {
    renderWithTheme(
      <ToastProvider>
        <Trigger options={{ title: 'Registration Updated', durationMs: 0 }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByTestId('toast')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('pauses while hovered', () => {
    renderWithTheme(
      <ToastProvider>
        <Trigger options={{ title: 'Hover me', durationMs: 1000 }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    act(() => {
      vi.advanceTimersByTime(600);
    });
    fireEvent.mouseEnter(screen.getByTestId('toast'));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByTestId('toast')).toBeTruthy();
    fireEvent.mouseLeave(screen.getByTestId('toast'));
    // 400 ms were left when the pointer arrived.
    act(() => {
      vi.advanceTimersByTime(350);
    });
    expect(screen.queryByTestId('toast')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('stacks several toasts and keeps at most four', () => {
    renderWithTheme(
      <ToastProvider>
        <Trigger options={{ title: 'Saved' }} />
      </ToastProvider>,
    );
    const button = screen.getByRole('button', { name: 'Show' });
    for (let i = 0; i < 6; i += 1) fireEvent.click(button);
    expect(screen.getAllByTestId('toast')).toHaveLength(4);
  });

  it('useToast outside a provider fails loudly', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderWithTheme(<Trigger options={{ title: 'x' }} />)).toThrow(/ToastProvider/);
  });
});
