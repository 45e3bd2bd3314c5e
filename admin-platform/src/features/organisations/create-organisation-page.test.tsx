import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ORGANISATION_MESSAGES } from '@tdk/api/contract';
import { errorResponse, renderWithPlatform, stubApi } from '@tdk/shared-ui/testing';
import { anOrganisation, platformAdmin, platformSupport } from '../../test/fixtures';
import { CreateOrganisationPage } from './create-organisation-page';
import en from '@tdk/api/contract/i18n/en.json';

/** A contract message key in the English catalogue's words. */
const english = (key: string) => (en as Record<string, string>)[key] ?? key;

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValidForm() {
  fill(/Organisation name/, 'Pune Striders');
  fill(/Web address/, 'pune-striders');
  fill(/Legal name/, 'Pune Striders LLP');
  fill(/^PAN/, 'AAPFU0939F');
  fill(/Contact email/, 'hello@punestriders.in');
  fill(/Contact phone/, '98765 43210');
  fill(/Full name/, 'Meera Kulkarni');
  fill(/Admin email/, 'meera@punestriders.in');
  fill(/Initial password/, 'a long enough passphrase');
}

describe('Create organisation', () => {
  it("checks the profile with the sign-up's rules before sending anything", async () => {
    const api = stubApi({});
    renderWithPlatform(<CreateOrganisationPage />, { api, session: platformAdmin, route: '/admin/platform/organisations/new' });
    fillValidForm();
    fill(/^PAN/, 'AAPZU0939F');
    fill(/Initial password/, 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    // The rules' keys read in the page's language (decision 053): English here.
    expect(await screen.findByText(english(ORGANISATION_MESSAGES.panEntity))).toBeTruthy();
    expect(screen.getByText(/at least 12 characters/)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('creates it, and shows a taken web address on its field', async () => {
    let taken = true;
    const api = stubApi({
      'POST /api/platform/organisations': () =>
        taken
          ? // The API answers the rule in the request's language (decision 053).
            errorResponse(409, 'conflict', english(ORGANISATION_MESSAGES.slugTaken), {
              'organisation.slug': english(ORGANISATION_MESSAGES.slugTaken),
            })
          : { organisation: anOrganisation({ id: 9, displayName: 'Pune Striders' }) },
    });
    renderWithPlatform(<CreateOrganisationPage />, { api, session: platformAdmin, route: '/admin/platform/organisations/new' });
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText(english(ORGANISATION_MESSAGES.slugTaken))).toBeTruthy();
    taken = false;
    fill(/Web address/, 'pune-striders-2');
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    await waitFor(() => expect(api.calls('POST /api/platform/organisations')).toHaveLength(2));
    expect(api.calls('POST /api/platform/organisations')[1]!.body).toMatchObject({
      organisation: { slug: 'pune-striders-2', pan: 'AAPFU0939F', state: '27' },
      admin: { email: 'meera@punestriders.in', fullName: 'Meera Kulkarni' },
    });
    expect(await screen.findByText('Pune Striders is approved.')).toBeTruthy();
  });

  it('is for platform admins only', () => {
    renderWithPlatform(<CreateOrganisationPage />, { session: platformSupport, route: '/admin/platform/organisations/new' });
    expect(screen.getByText(/Access Denied/)).toBeTruthy();
  });
});
