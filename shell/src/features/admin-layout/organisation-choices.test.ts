import { describe, expect, it } from 'vitest';
import type { CurrentOrganisation, MemberOrganisation } from '@tdk/api/contract';
import { organisationChoices } from './organisation-choices';

const organisation = (id: number, displayName: string) =>
  ({ id, slug: `org-${id}`, displayName, status: 'approved' }) as CurrentOrganisation;
const membership = (id: number, displayName: string) =>
  ({ id, slug: `org-${id}`, displayName, status: 'approved', role: 'admin' }) as MemberOrganisation;

describe('the organisation switcher', () => {
  it("offers a member's organisations, the current among them", () => {
    expect(
      organisationChoices(organisation(2, 'Bengaluru FL'), [membership(1, 'Mumbai RR'), membership(2, 'Bengaluru FL')]),
    ).toEqual([
      { id: 1, label: 'Mumbai RR' },
      { id: 2, label: 'Bengaluru FL' },
    ]);
  });

  it('puts the organisation platform staff act in as support first, so they can go back to their own', () => {
    expect(organisationChoices(organisation(7, 'Delhi CA'), [membership(1, 'Mumbai RR')])).toEqual([
      { id: 7, label: 'Delhi CA (as support)' },
      { id: 1, label: 'Mumbai RR' },
    ]);
  });

  it('is the current one alone for platform staff who belong to no organisation', () => {
    expect(organisationChoices(organisation(7, 'Delhi CA'), [])).toEqual([{ id: 7, label: 'Delhi CA (as support)' }]);
  });
});
