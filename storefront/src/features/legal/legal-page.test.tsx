import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { LegalPageResponse } from '@tdk/api/contract';
import { errorResponse, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import { LegalPageScreen } from './legal-page';

const answer = (page: LegalPageResponse['page'], text: string): LegalPageResponse => ({
  page,
  text,
  platformName: 'Khel India',
  contactEmail: 'help@khel.in',
  supportPhone: '+91 99887 76655',
});

function renderPage(page: LegalPageResponse['page'], text: string) {
  return renderWithPlatform(<LegalPageScreen page={page} />, {
    route: `/${page}`,
    api: { 'GET /api/legal/:page': ({ params }: StubbedRequest) => answer(params.page as LegalPageResponse['page'], text) },
  });
}

const paragraphs = () => [...screen.getByTestId('legal-text').querySelectorAll('p')].map((paragraph) => paragraph.textContent);

describe('the Terms, Privacy, Refund policy and Contact pages', () => {
  it.each([
    ['terms', 'Terms and conditions'],
    ['privacy', 'Privacy policy'],
    ['refunds', 'Refund and cancellation policy'],
  ] as const)('shows /%s under its heading, the text staff wrote as its paragraphs', async (page, heading) => {
    const { api } = renderPage(page, `Khel India sells tickets.\n\nSecond paragraph,\nwith a line break.`);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(await screen.findByText('Khel India sells tickets.')).toBeTruthy();
    expect(paragraphs()).toEqual(['Khel India sells tickets.', 'Second paragraph,\nwith a line break.']);
    expect(api.calls('GET /api/legal/:page').map((call) => call.params.page)).toEqual([page]);
  });

  it('gives a short title line its own heading', async () => {
    renderPage('privacy', 'Grievance officer\nWrite to help@khel.in.');
    expect(await screen.findByRole('heading', { level: 2, name: 'Grievance officer' })).toBeTruthy();
    expect(paragraphs()).toEqual(['Write to help@khel.in.']);
  });

  it('shows markup in the text as the words typed, never as markup', async () => {
    renderPage('terms', '<img src=x onerror="alert(1)"><b>Bold</b>\n\n<script>alert(2)</script>');
    expect(await screen.findByText('<img src=x onerror="alert(1)"><b>Bold</b>')).toBeTruthy();
    const text = screen.getByTestId('legal-text');
    expect(text.querySelector('img, b, script')).toBeNull();
    expect(paragraphs()).toEqual(['<img src=x onerror="alert(1)"><b>Bold</b>', '<script>alert(2)</script>']);
  });

  it('leads Contact with the e-mail and phone to write to and call, then the text', async () => {
    renderPage('contact', 'Office: Shivaji Park, Mumbai 400028');
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeTruthy();
    const reach = await screen.findByRole('list', { name: 'Ways to reach us' });
    const email = within(reach).getByRole('link', { name: /^help@/ });
    expect([email.textContent, email.getAttribute('href')]).toEqual(['help@khel.in', 'mailto:help@khel.in']);
    expect(within(reach).getByRole('link', { name: '+91 99887 76655' }).getAttribute('href')).toBe('tel:+919988776655');
    expect(paragraphs()).toEqual(['Office: Shivaji Park, Mumbai 400028']);
  });

  it('says when the page could not be loaded, and tries again', async () => {
    let fail = true;
    renderWithPlatform(<LegalPageScreen page="refunds" />, {
      route: '/refunds',
      api: {
        'GET /api/legal/:page': () =>
          fail ? errorResponse(500, 'internal_error', 'Something went wrong') : answer('refunds', 'Refunds go back to the card.'),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('This page could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Refunds go back to the card.')).toBeTruthy();
  });
});
