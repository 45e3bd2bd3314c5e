import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithTheme } from '../test/render';
import { Tabs } from './tabs';

type Section = 'details' | 'tickets' | 'register';

function Harness() {
  const [value, setValue] = useState<Section>('details');
  return (
    <Tabs
      label="Event sections"
      value={value}
      onValueChange={setValue}
      items={[
        { value: 'details', label: 'Details', content: <p>About the race</p> },
        { value: 'tickets', label: 'Tickets', content: <p>Pick your tickets</p> },
        { value: 'register', label: 'Register', content: <p>Your details</p> },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('labels the list and shows only the selected panel, labelled by its tab', () => {
    renderWithTheme(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Event sections' })).toBeTruthy();
    const details = screen.getByRole('tab', { name: 'Details' });
    expect(details.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Details' }).textContent).toBe('About the race');
    expect(screen.queryByText('Pick your tickets')).toBeNull();
  });

  it('keeps only the selected tab in the Tab order and moves with the arrow keys, Home and End', async () => {
    renderWithTheme(<Harness />);
    const [details, tickets, register] = screen.getAllByRole('tab');
    // A roving tabindex: only the selected tab is a Tab stop.
    expect(tickets!.tabIndex).toBe(-1);
    expect(register!.tabIndex).toBe(-1);
    fireEvent.focus(screen.getByRole('tablist'));
    details!.focus();
    expect(details!.tabIndex).toBe(0);
    fireEvent.keyDown(details!, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(tickets));
    // Focus selects (automatic activation): the panel follows the keyboard.
    fireEvent.focus(tickets!);
    expect(screen.getByRole('tabpanel').textContent).toBe('Pick your tickets');
    fireEvent.keyDown(tickets!, { key: 'End' });
    await waitFor(() => expect(document.activeElement).toBe(register));
    fireEvent.keyDown(register!, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(details));
  });

  it('selects a tab on click', () => {
    renderWithTheme(<Harness />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Register' }), { button: 0 });
    expect(screen.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Your details');
  });
});
