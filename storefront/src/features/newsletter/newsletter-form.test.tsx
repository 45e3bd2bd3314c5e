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

  it('subscribes, sends the address lower-cased and thanks the visitor', async () => {
    const { api, input, submit } = setup(() => ({ subscribed: true, alreadySubscribed: false }));
    fireEvent.change(input, { target: { value: 'Fan@Example.com' } });
    submit();
    await waitFor(() => expect(screen.getByText('Subscribed!')).toBeTruthy());
    expect(api.calls('POST /api/newsletter').map((request) => request.body)).toEqual([{ email: 'fan@example.com' }]);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('answers a duplicate kindly', async () => {
    const { input, submit } = setup(() => ({ subscribed: true, alreadySubscribed: true }));
    fireEvent.change(input, { target: { value: 'fan@example.com' } });
    submit();
    await waitFor(() => expect(screen.getByText("You're already subscribed")).toBeTruthy());
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
