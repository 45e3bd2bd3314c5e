// What each staff role sees, by need (issue 40, decision 046): the ranks of DESIGN.md section 6
// still order the capabilities, and two facts are shown only to the roles whose work needs them.
// Gate staff (coordinator) check people in: they see names, tickets and status, never the money
// taken or every attendee's contacts. Support answers callers: they see contacts (to know the
// caller), not revenue. Managers and admins see both. Shared by the API (which leaves the facts out
// of its answers) and the console (which hides what is left out).
import { ROLE_RANK } from './constants';
import type { Registration, Role } from './types';

/** Revenue figures (the dashboard's, the registrations' total): managers and admins. */
export const seesRevenue = (role: Role) => ROLE_RANK[role] >= ROLE_RANK.manager;

/** Attendees' and buyers' e-mail addresses and phone numbers (and emergency contacts): everyone but gate staff. */
export const seesContacts = (role: Role) => role !== 'coordinator';

/** An attendee without their contacts, for a role that does not see them. */
export const withoutContacts = (registration: Registration): Registration => ({
  ...registration,
  participantInfo: {
    ...registration.participantInfo,
    email: '',
    phone: '',
    emergencyContact: { ...registration.participantInfo.emergencyContact, name: '', phone: '' },
  },
});
