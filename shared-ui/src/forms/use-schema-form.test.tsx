import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createStaffSchema, MIN_STAFF_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, type CreateStaffInput } from '@tdk/api/contract';
import { Field } from '../form/field';
import { Input } from '../form/inputs';
import { ApiError } from '../platform/api-error';
import { renderWithPlatform } from '../testing';
import { isCatalogueLoaded, LanguageProvider } from '../i18n';
import { VALIDATION_NAMESPACE } from '@tdk/api/contract';
import hi from '@tdk/api/contract/i18n/hi.json';
import { useValidationText } from './validation-text';
import { applyServerErrors, useSchemaForm } from './use-schema-form';

const EMPTY: CreateStaffInput = { fullName: '', email: '', role: 'support', password: '' };

function StaffForm({ send }: { send: (input: CreateStaffInput) => Promise<void> }) {
  const form = useSchemaForm(createStaffSchema, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await send(input);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['fullName', 'email', 'role', 'password']))
        form.setError('root', { message: 'Failed' });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Field label="Full name" error={errors.fullName?.message}>
        <Input {...form.register('fullName')} />
      </Field>
      <Field label="Email" error={errors.email?.message}>
        <Input {...form.register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <Input type="password" {...form.register('password')} />
      </Field>
      {errors.root && <p role="alert">{errors.root.message}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** A public form's rule, whose message is a contract key (as the storefront's forms are). */
const nameSchema = z.object({ fullName: z.string().trim().min(1, 'validation.fullNameRequired') });
function NameForm() {
  const form = useSchemaForm(nameSchema, { defaultValues: { fullName: '' } });
  return (
    <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <Field label="Full name" error={form.formState.errors.fullName?.message}>
        <Input {...form.register('fullName')} />
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

/** A server's message (a contract key) shown as it came, through the page's validation words. */
function ServerWords({ message }: { message: string }) {
  const text = useValidationText();
  return <p data-testid="server-words">{text(message)}</p>;
}

describe('useSchemaForm', () => {
  it('in Marathi (or Hindi), fetches the validation messages with the first check, not with the page, and shows them in the page’s language', async () => {
    // Marathi here (no other test of this file draws in it), so the catalogue starts unfetched.
    renderWithPlatform(
      <LanguageProvider language="mr">
        <NameForm />
        <ServerWords message="validation.emailRequired" />
      </LanguageProvider>,
    );
    // The page drew without waiting for them: a server's key is in English until they land…
    expect(screen.getByTestId('server-words').textContent).toBe('Email is required');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // …and the form's own check shows its messages in the page's language from the first.
    const mr = (await import('@tdk/api/contract/i18n/mr.json')).default as Record<string, string>;
    expect(await screen.findByText(mr['validation.fullNameRequired']!)).toBeTruthy();
    expect(isCatalogueLoaded('mr', VALIDATION_NAMESPACE)).toBe(true);
    await waitFor(() => expect(screen.getByTestId('server-words').textContent).toBe(mr['validation.emailRequired']));
    expect(hi['validation.emailRequired']).not.toBe(mr['validation.emailRequired']);
  });

  it("shows the contract's messages before sending anything, and editing a field clears its error", async () => {
    const sent: CreateStaffInput[] = [];
    renderWithPlatform(<StaffForm send={async (input) => void sent.push(input)} />);
    fill('Full name', 'Ravi K');
    fill('Email', 'ravi@tdksports.in');
    fill('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PASSWORD_TOO_SHORT)).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    fill('Password', 'x'.repeat(MIN_STAFF_PASSWORD_LENGTH));
    await waitFor(() => expect(screen.queryByText(PASSWORD_TOO_SHORT)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // The schema's own transforms apply: what is sent is what the API would store.
    expect(sent[0]).toMatchObject({ email: 'ravi@tdksports.in', fullName: 'Ravi K' });
  });

  it("puts a 400's fields on the matching inputs, and a change clears the server's message", async () => {
    const taken = new ApiError(400, 'validation_error', 'Email is already in use', { email: 'Email is already in use' });
    renderWithPlatform(<StaffForm send={() => Promise.reject(taken)} />);
    fill('Full name', 'Ravi K');
    fill('Email', 'ravi@tdksports.in');
    fill('Password', 'x'.repeat(MIN_STAFF_PASSWORD_LENGTH));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is already in use')).toBeTruthy();
    fill('Email', 'ravi.k@tdksports.in');
    await waitFor(() => expect(screen.queryByText('Email is already in use')).toBeNull());
  });

  it('applies nothing, and says so, for an error without fields the form has', () => {
    const calls: string[] = [];
    const setError = (name: string) => void calls.push(name);
    expect(applyServerErrors(new ApiError(409, 'conflict', 'Taken'), setError)).toBe(false);
    expect(applyServerErrors(new ApiError(400, 'validation_error', 'Bad', { other: 'Bad' }), setError, ['email'])).toBe(false);
    expect(applyServerErrors(new Error('boom'), setError)).toBe(false);
    expect(calls).toEqual([]);
  });
});
