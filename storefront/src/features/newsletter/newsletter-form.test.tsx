import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { errorResponse, renderWithPlatform, type StubHandler } from '@tdk/shared-ui/testing';
import { NewsletterForm } from './newsletter-form';

function setup(answer: StubHandler) {
  const { api } = renderWithPlatform(<NewsletterForm />, { api: { 'POST /api/newsletter': answer } });
  const input = screen.getByLabelText('Get new events in your inbox');
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
  return { api, input, submit };
}

describe('NewsletterForm', () => {
  it('shows Invalid email format and sends nothing for a bad address', async () => {
    const { api, input, submit } = setup(() => ({}));
    fireEvent.change(input, { target: { value: 'not-an-email' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email format');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(api.requests).toEqual([]);
  });

  it('clears the error as soon as the address is edited', async () => {
    const { input, submit } = setup(() => ({}));
    fireEvent.change(input, { target: { value: 'nope' } });
    submit();
    await screen.findByRole('alert');
    fireEvent.change(input, { target: { value: 'fan@example.com' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it("sends the address lower-cased in the visitor's language and asks them to open the mailed link", async () => {
    const { api, input, submit } = setup(() => ({ pending: true }));
    fireEvent.change(input, { target: { value: 'Fan@Example.com' } });
    submit();
    await waitFor(() => expect(screen.getByText('Check your inbox')).toBeTruthy());
    expect(screen.getByText(/If fan@example.com is not on our list yet, we have sent it a link/)).toBeTruthy();
    expect(api.calls('POST /api/newsletter').map((request) => request.body)).toEqual([
      { email: 'fan@example.com', language: 'en' },
    ]);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('empties the box after subscribing, also when it took over an address typed in the footer’s stand-in', async () => {
    const { api } = renderWithPlatform(<NewsletterForm initialEmail="typo" />, {
      api: { 'POST /api/newsletter': () => ({ pending: true }) },
    });
    const input = screen.getByLabelText('Get new events in your inbox') as HTMLInputElement;
    expect(input.value).toBe('typo');
    fireEvent.change(input, { target: { value: 'fan@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByText('Check your inbox')).toBeTruthy());
    expect(api.calls('POST /api/newsletter')).toHaveLength(1);
    expect(input.value).toBe('');
  });

  it('says nothing about whether the address was already on the list', async () => {
    const { input, submit } = setup(() => ({ pending: true }));
    fireEvent.change(input, { target: { value: 'fan@example.com' } });
    submit();
    await waitFor(() => expect(screen.getByText('Check your inbox')).toBeTruthy());
    expect(screen.queryByText(/already/i)).toBeNull();
  });

  it('shows the limit when too many sign-ups came from here', async () => {
    const { input, submit } = setup(() =>
      errorResponse(429, 'rate_limited', 'Too many subscriptions were asked for from here. Please try again in 15 minutes.'),
    );
    fireEvent.change(input, { target: { value: 'fan@example.com' } });
    submit();
    await waitFor(() => expect(screen.getByText('Subscription failed')).toBeTruthy());
    expect(screen.getByText(/Please try again in 15 minutes/)).toBeTruthy();
  });

  it("puts the server's field message on the input", async () => {
    const { input, submit } = setup(() =>
      errorResponse(400, 'validation_error', 'Invalid input', { email: 'Invalid email format' }),
    );
    fireEvent.change(input, { target: { value: 'fan@example.com' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email format');
  });
});
