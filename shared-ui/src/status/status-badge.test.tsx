import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithTheme } from '../test/render';
import { EventStatusBadge, PaymentStatusBadge, RegistrationStatusBadge, StatusBadge, TicketStatusBadge } from './status-badge';

describe('status badges', () => {
  it('StatusBadge renders its label and tone', () => {
    renderWithTheme(<StatusBadge tone="blue" label="Online" />);
    expect(screen.getByText('Online').getAttribute('data-tone')).toBe('blue');
  });

  it('EventStatusBadge shows the status in its colour', () => {
    renderWithTheme(<EventStatusBadge status="Draft" />);
    expect(screen.getByText('Draft').getAttribute('data-tone')).toBe('yellow');
  });

  it('TicketStatusBadge shows Sold Out in red', () => {
    renderWithTheme(<TicketStatusBadge status="Sold Out" />);
    expect(screen.getByText('Sold Out').getAttribute('data-tone')).toBe('red');
  });

  it('RegistrationStatusBadge shows Checked-In in blue and No-Show in grey', () => {
    renderWithTheme(
      <>
        <RegistrationStatusBadge status="Checked-In" />
        <RegistrationStatusBadge status="No-Show" />
      </>,
    );
    expect(screen.getByText('Checked-In').getAttribute('data-tone')).toBe('blue');
    expect(screen.getByText('No-Show').getAttribute('data-tone')).toBe('grey');
  });

  it('PaymentStatusBadge shows Paid in green', () => {
    renderWithTheme(<PaymentStatusBadge status="Paid" />);
    expect(screen.getByText('Paid').getAttribute('data-tone')).toBe('green');
  });

  it('an unknown status shows as it is, in grey, and a missing one as Unknown', () => {
    renderWithTheme(
      <>
        <PaymentStatusBadge status="Disputed" />
        <EventStatusBadge status={null} />
      </>,
    );
    expect(screen.getByText('Disputed').getAttribute('data-tone')).toBe('grey');
    expect(screen.getByText('Unknown').getAttribute('data-tone')).toBe('grey');
  });

  it('a custom label keeps the status colour', () => {
    renderWithTheme(<TicketStatusBadge status="Active" label="On sale" />);
    expect(screen.getByText('On sale').getAttribute('data-tone')).toBe('green');
  });
});
