import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { renderWithTheme } from '../test/render';
import { NotFoundPage } from './not-found-page';
import { SectionUnavailable } from './section-unavailable';
import { StatCard } from './stat-card';
import { PageHeader } from './page-header';

describe('NotFoundPage', () => {
  it('shows 404, the spec text and a link home that works', () => {
    renderWithTheme(
      <MemoryRouter initialEntries={['/no/such/page']}>
        <Routes>
          <Route path="/" element={<p>Home page</p>} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByText('Oops! Page not found')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Return to Home' });
    expect(link.getAttribute('href')).toBe('/');
    fireEvent.click(link);
    expect(screen.getByText('Home page')).toBeTruthy();
  });
});

describe('SectionUnavailable', () => {
  it('explains and retries', () => {
    const onRetry = vi.fn();
    renderWithTheme(<SectionUnavailable onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('This section is unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('StatCard and PageHeader', () => {
  it('pairs the label with the value', () => {
    renderWithTheme(<StatCard label="Total Revenue" value="₹1,25,000" hint="Paid registrations" tone="green" />);
    const term = screen.getByText('Total Revenue');
    expect(term.tagName).toBe('DT');
    expect(term.nextElementSibling?.textContent).toBe('₹1,25,000');
    expect(screen.getByText('Paid registrations')).toBeTruthy();
  });

  it('writes a count the Indian way', () => {
    renderWithTheme(<StatCard label="Total Registrations" value={100000} />);
    expect(screen.getByText('Total Registrations').nextElementSibling?.textContent).toBe('1,00,000');
  });

  it('renders the page title as the h1 with its actions', () => {
    renderWithTheme(
      <PageHeader
        title="Events Management"
        subtitle="Manage all sports events on your platform"
        actions={<button type="button">Create Event</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Events Management' })).toBeTruthy();
    expect(screen.getByText('Manage all sports events on your platform')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Event' })).toBeTruthy();
  });
});
