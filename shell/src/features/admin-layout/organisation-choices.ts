import type { CurrentOrganisation, MemberOrganisation } from '@tdk/api/contract';

export interface OrganisationChoice {
  id: number;
  label: string;
}

/**
 * What the top bar's switcher offers (decision 051): the organisations the account is a member of,
 * and, for platform staff acting in one they are no member of (as support), that one first, so the
 * switcher shows where they are and leads back to their own.
 */
export function organisationChoices(current: CurrentOrganisation, memberOf: MemberOrganisation[]): OrganisationChoice[] {
  const mine = memberOf.map((o) => ({ id: o.id, label: o.displayName }));
  return memberOf.some((o) => o.id === current.id)
    ? mine
    : [{ id: current.id, label: `${current.displayName} (as support)` }, ...mine];
}
