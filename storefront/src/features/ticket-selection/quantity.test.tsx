import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { MAX_TICKETS_PER_LINE, type Ticket } from '@tdk/api/contract';
import { theme } from '@tdk/shared-ui';
import { clampQuantity, purchasableQuantity, selectionLines, selectionTotal } from './quantity';
import { QuantityStepper } from './quantity-stepper';

describe('clampQuantity', () => {
  it.each([
    [-3, 10, 0],
    [0, 10, 0],
    [4, 10, 4],
    [11, 10, 10],
    [2.7, 10, 2],
    [Number.NaN, 10, 0],
    [5, 0, 0],
    [5, -2, 0],
  ])('clamps %s with %s available to %s', (value, available, expected) => {
    expect(clampQuantity(value, available)).toBe(expected);
  });
});

describe('selection', () => {
  const ticket = (id: number, price: number, available: number) => ({ id, name: `T${id}`, price, available }) as Ticket;

  it('keeps only chosen lines, re-clamped, with subtotals in rupees', () => {
    const tickets = [ticket(1, 499, 148), ticket(2, 0.1, 5), ticket(3, 1499, 2)];
    const lines = selectionLines(tickets, { 1: 2, 2: 3, 3: 9 });
    expect(lines.map((l) => [l.ticket.id, l.quantity, l.subtotal])).toEqual([
      [1, 2, 998],
      [2, 3, 0.3],
      [3, 2, 2998],
    ]);
    expect(selectionTotal(lines)).toBe(3996.3);
    expect(selectionLines(tickets, { 1: 0 })).toEqual([]);
  });

  it('caps one ticket type at the per-order limit the API enforces', () => {
    expect(purchasableQuantity({ available: 148 })).toBe(MAX_TICKETS_PER_LINE);
    expect(purchasableQuantity({ available: 3 })).toBe(3);
    expect(selectionLines([ticket(1, 100, 148)], { 1: 50 })[0]!.quantity).toBe(MAX_TICKETS_PER_LINE);
  });

  it('stops at the maximum per order staff set for the type (decision 027)', () => {
    expect(purchasableQuantity({ available: 148, maxPerOrder: 4 })).toBe(4);
    expect(purchasableQuantity({ available: 2, maxPerOrder: 4 })).toBe(2);
    expect(purchasableQuantity({ available: 148, maxPerOrder: 25 })).toBe(25);
    // Teams of 5 on a type allowing 12 seats per order: two teams.
    expect(purchasableQuantity({ available: 148, maxPerOrder: 12, teamMin: 5 })).toBe(2);
  });

  it("counts a team entry's teams: as many of its fewest members as places and an order's attendees allow", () => {
    expect(purchasableQuantity({ available: 30, teamMin: 4 })).toBe(6);
    expect(purchasableQuantity({ available: 9, teamMin: 4 })).toBe(2);
    expect(purchasableQuantity({ available: 100, teamMin: 11 })).toBe(2);
  });
});

function Harness({ available, initial = 0 }: { available: number; initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <ThemeProvider theme={theme}>
      <QuantityStepper label="Player Pass" value={value} available={available} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </ThemeProvider>
  );
}

describe('QuantityStepper', () => {
  const minus = () => screen.getByRole('button', { name: 'Decrease Player Pass' });
  const plus = () => screen.getByRole('button', { name: 'Increase Player Pass' });
  const box = () => screen.getByRole('spinbutton', { name: 'Quantity of Player Pass' }) as HTMLInputElement;

  it('does not go below 0: minus is disabled at 0', () => {
    render(<Harness available={3} />);
    expect((minus() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(minus());
    expect(screen.getByTestId('value').textContent).toBe('0');
  });

  it('stops at the available count: plus is disabled there', () => {
    render(<Harness available={2} />);
    fireEvent.click(plus());
    fireEvent.click(plus());
    expect(screen.getByTestId('value').textContent).toBe('2');
    expect((plus() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(plus());
    expect(screen.getByTestId('value').textContent).toBe('2');
    fireEvent.click(minus());
    expect(screen.getByTestId('value').textContent).toBe('1');
  });

  it('clamps a typed number between 0 and available', () => {
    render(<Harness available={39} />);
    expect(box().min).toBe('0');
    expect(box().max).toBe('39');
    fireEvent.change(box(), { target: { value: '500' } });
    expect(screen.getByTestId('value').textContent).toBe('39');
    expect(box().value).toBe('39');
    fireEvent.change(box(), { target: { value: '-4' } });
    expect(screen.getByTestId('value').textContent).toBe('0');
    fireEvent.change(box(), { target: { value: '7' } });
    expect(screen.getByTestId('value').textContent).toBe('7');
  });

  it('treats an emptied box as 0 when it loses focus', () => {
    render(<Harness available={10} initial={4} />);
    fireEvent.change(box(), { target: { value: '' } });
    fireEvent.blur(box());
    expect(screen.getByTestId('value').textContent).toBe('0');
    expect(box().value).toBe('0');
  });

  it('disables everything when sold out', () => {
    render(<Harness available={0} />);
    expect((box() as HTMLButtonElement).disabled).toBe(true);
    expect((plus() as HTMLButtonElement).disabled).toBe(true);
    expect((minus() as HTMLButtonElement).disabled).toBe(true);
  });
});
