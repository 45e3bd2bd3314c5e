// What the Accounts tab says of an account and of each membership (decision 061): pure, tested beside.
import type { PlatformAccount, PlatformAccountMembership, Role } from '@tdk/api/contract';

const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', manager: 'Manager', coordinator: 'Coordinator', support: 'Support' };

/** The whole account's state: off (the platform's switch) or on. */
export const accountStatus = (account: Pick<PlatformAccount, 'disabled'>) =>
  account.disabled ? 'Disabled (cannot sign in anywhere)' : 'Enabled';

/** "Harbour Harriers — Manager", with "disabled there" when that organisation switched the membership off. */
export const membershipLine = (m: Pick<PlatformAccountMembership, 'displayName' | 'role' | 'disabled'>) =>
  `${m.displayName} — ${ROLE_LABELS[m.role]}${m.disabled ? ' (disabled there)' : ''}`;
