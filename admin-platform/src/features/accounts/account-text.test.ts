import { describe, expect, it } from 'vitest';
import { accountStatus, membershipLine } from './account-text';

describe('account text', () => {
  it('says whether the whole account is off', () => {
    expect(accountStatus({ disabled: true })).toBe('Disabled (cannot sign in anywhere)');
    expect(accountStatus({ disabled: false })).toBe('Enabled');
  });

  it('names each organisation with the role there, and a membership that organisation disabled', () => {
    expect(membershipLine({ displayName: 'Harbour Harriers', role: 'manager', disabled: false })).toBe(
      'Harbour Harriers — Manager',
    );
    expect(membershipLine({ displayName: 'Valley Velo', role: 'coordinator', disabled: true })).toBe(
      'Valley Velo — Coordinator (disabled there)',
    );
  });
});
