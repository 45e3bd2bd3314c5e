import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, renderWithPlatform } from '../../test/render';
import { NewsletterForm } from './newsletter-form';

function setup(answer: (email: string) => unknown) {
  const calls: unknown[] = [];
  const api = fakeApi((method, path, body) => {
    calls.push({ method, path, body });
    return answer((body as { email: string }).email);
  });
  renderWithPlatform(<NewsletterForm />, { api });
  const input = screen.getByLabelText('Get new events in your inbox');
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
  return { calls, input, submit };
}

describe('NewsletterForm', () => {
  it('shows Invalid email format and sends nothing for a bad address', () => {
    const { calls, input, submit } = setup(() => ({}));
    fireEvent.change(input, { target: { value: 'not-an-email' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Invalid email format');
    expect(calls).toEqual([]);
  });

  it('subscribes and thanks the visitor', async () => {
    const { calls, input, submit } = setup(() => ({ subscribed: true, alreadySubscribed: false }));
    fireEvent.change(input, { target: { value: 'Fan@Example.com' } });
    submit();
    await waitFor(() => expect(screen.getByText('Subscribed!')).toBeTruthy());
    expect(calls).toEqual([{ method: 'POST', path: '/api/newsletter', body: { email: 'fan@example.com' } }]);
  });

  it('answers a duplicate kindly', async () => {
    const { input, submit } = setup(() => ({ subscribed: true, alreadySubscribed: true }));
    fireEvent.change(input, { target: { value: 'fan@example.com' } });
    submit();
    await waitFor(() => expect(screen.getByText("You're already subscribed")).toBeTruthy());
  });
});
