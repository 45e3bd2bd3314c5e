// One attendee form per ticket bought (issue 23, decision 021), a team entry's members with their
// team, and where the API's field errors belong among them. Pure and zod-free: the event page draws
// these from its first render.
import {
  ATTENDEE_FORM_DEFAULTS,
  BUYER_FORM_DEFAULTS,
  type EventQuestion,
  type ParticipantFieldModes,
  type Ticket,
} from '@tdk/api/contract';
import type { SelectionLine } from '../ticket-selection/quantity';
import { askedQuestions, isShown } from './event-form';

export type BuyerField = keyof typeof BUYER_FORM_DEFAULTS;
export type AttendeeField = keyof typeof ATTENDEE_FORM_DEFAULTS;

/** A team entry's team: its key among the form's values, and its place among the teams of its ticket type. */
export interface TeamPlace {
  key: string;
  n: number;
  of: number;
}

/** One attendee's place in the order. */
export interface AttendeeSlot {
  /**
   * The nth attendee of a ticket type (a team's member with this id) keeps this key whatever else
   * is picked, so what was typed into their form stays theirs when quantities change. Never
   * numeric: it names an object key of the form's values, not an array index.
   */
  key: string;
  ticket: Ticket;
  /**
   * 1-based place among the attendees of this ticket type and how many of it are picked; for a
   * team's member, their place in the team and its size.
   */
  n: number;
  of: number;
  /** The team of a team entry's member. */
  team?: TeamPlace;
  /** The event's questions this attendee is asked, in order. */
  questions: EventQuestion[];
}

export const slotKey = (ticketId: number, n: number) => `t${ticketId}n${n}`;
export const teamKey = (ticketId: number, n: number) => `t${ticketId}g${n}`;
export const memberKey = (team: string, memberId: number) => `${team}m${memberId}`;

/** A ticket type bought by the team (a relay, a squad): its quantity counts teams. */
export const isTeamEntry = (ticket: Pick<Ticket, 'teamMin'>): boolean => ticket.teamMin !== null && ticket.teamMin > 0;

/** The fewest and most members a team of this type has. */
export function teamSize(ticket: Pick<Ticket, 'teamMin' | 'teamMax'>): { min: number; max: number } {
  const min = Math.max(1, ticket.teamMin ?? 1);
  return { min, max: Math.max(min, ticket.teamMax ?? min) };
}

/**
 * The members of each team by team key, as ids that stay theirs while they are in it (so removing
 * member 2 takes no one else's details). A team not listed has its ticket type's fewest members.
 */
export type TeamMembers = Readonly<Record<string, readonly number[]>>;

export const membersOf = (teams: TeamMembers, key: string, ticket: Pick<Ticket, 'teamMin' | 'teamMax'>): readonly number[] =>
  teams[key] ?? Array.from({ length: teamSize(ticket).min }, (_, i) => i + 1);

/** One more member for the team, up to its ticket type's most; the new id follows the highest. */
export function addMember(teams: TeamMembers, key: string, ticket: Pick<Ticket, 'teamMin' | 'teamMax'>): TeamMembers {
  const members = membersOf(teams, key, ticket);
  if (members.length >= teamSize(ticket).max) return teams;
  return { ...teams, [key]: [...members, Math.max(0, ...members) + 1] };
}

/** The team without that member, down to its ticket type's fewest. */
export function removeMember(
  teams: TeamMembers,
  key: string,
  memberId: number,
  ticket: Pick<Ticket, 'teamMin' | 'teamMax'>,
): TeamMembers {
  const members = membersOf(teams, key, ticket);
  if (members.length <= teamSize(ticket).min || !members.includes(memberId)) return teams;
  return { ...teams, [key]: members.filter((id) => id !== memberId) };
}

/** The member id a team member's slot key names. */
export const memberIdOf = (slot: Pick<AttendeeSlot, 'key' | 'team'>): number | undefined =>
  slot.team && slot.key.startsWith(`${slot.team.key}m`) ? Number(slot.key.slice(slot.team.key.length + 1)) : undefined;

/**
 * The attendees of the picked lines: grouped by ticket type, in the order of the lines. A team
 * entry's line counts teams, each of its members (`teams`) an attendee of it, team after team.
 */
export function attendeeSlots(
  lines: readonly Pick<SelectionLine, 'ticket' | 'quantity'>[],
  { teams = {}, questions = [] }: { teams?: TeamMembers; questions?: readonly EventQuestion[] } = {},
): AttendeeSlot[] {
  return lines.flatMap(({ ticket, quantity }) => {
    const count = Math.max(0, Math.floor(quantity));
    const asked = askedQuestions(questions, ticket.id);
    if (!isTeamEntry(ticket)) {
      return Array.from({ length: count }, (_, i) => ({
        key: slotKey(ticket.id, i + 1),
        ticket,
        n: i + 1,
        of: count,
        questions: asked,
      }));
    }
    return Array.from({ length: count }, (_, t) => {
      const team = { key: teamKey(ticket.id, t + 1), n: t + 1, of: count };
      const members = membersOf(teams, team.key, ticket);
      return members.map((id, i) => ({
        key: memberKey(team.key, id),
        ticket,
        n: i + 1,
        of: members.length,
        team,
        questions: asked,
      }));
    }).flat();
  });
}

/** The form's sections in order: an attendee on their own, or a team with its members. */
export type FormGroup =
  | { kind: 'attendee'; slot: AttendeeSlot; index: number }
  | { kind: 'team'; team: TeamPlace; ticket: Ticket; members: { slot: AttendeeSlot; index: number }[] };

export function formGroups(slots: readonly AttendeeSlot[]): FormGroup[] {
  const groups: FormGroup[] = [];
  slots.forEach((slot, index) => {
    if (!slot.team) {
      groups.push({ kind: 'attendee', slot, index });
      return;
    }
    const last = groups.at(-1);
    if (last?.kind === 'team' && last.team.key === slot.team.key) last.members.push({ slot, index });
    else groups.push({ kind: 'team', team: slot.team, ticket: slot.ticket, members: [{ slot, index }] });
  });
  return groups;
}

/** What 'Same as buyer' copies from the buyer to the first attendee, and keeps in step. */
export const SAME_AS_BUYER_FIELDS = ['fullName', 'email', 'phone'] as const satisfies readonly (BuyerField & AttendeeField)[];
/** What 'Copy … from participant 1' copies: how to reach them and whom to call, never who they are. */
export const COPY_FROM_FIRST_FIELDS = ['phone', 'emergencyContact', 'emergencyPhone'] as const satisfies readonly AttendeeField[];
/** What it copies at this event: of those, the fields the event shows. */
export const copiedFromFirst = (modes: Partial<ParticipantFieldModes> | undefined) =>
  COPY_FROM_FIRST_FIELDS.filter((field) => isShown(modes, field));

/**
 * A form field's name: `buyer.email`, `attendees.{slot key}.dateOfBirth`, an answer
 * `answers.{slot key}.{question id}` or a team's name `teams.{team key}`.
 */
export type CheckoutFieldName =
  `buyer.${BuyerField}` | `attendees.${string}.${AttendeeField}` | `answers.${string}.${string}` | `teams.${string}`;

export interface PlacedServerErrors {
  /** Messages for the form's own inputs, in the order the API gave them. */
  fields: { name: CheckoutFieldName; message: string }[];
  /** Messages about an attendee as a whole (their ticket type, or what their form does not ask), by slot key. */
  attendeeNotes: Record<string, string>;
  /** The API's word on the event itself (`eventId`: its capacity, booking closed), said by the submit button. */
  event?: string;
  /** Messages about nothing the form shows (the order as a whole). */
  unplaced: string[];
}

const isBuyerField = (name: string | undefined): name is BuyerField =>
  name !== undefined && Object.hasOwn(BUYER_FORM_DEFAULTS, name);
const isAttendeeField = (name: string | undefined): name is AttendeeField =>
  name !== undefined && Object.hasOwn(ATTENDEE_FORM_DEFAULTS, name);

/**
 * Where a create-order refusal's `fields` belong. Its keys are dot paths of the body it was sent:
 * `buyer.email`, `attendees.2.participant.dateOfBirth` (the third attendee, who is `slots[2]`,
 * since the body lists them in form order), `attendees.2.answers.wave` (their question),
 * `attendees.4.team` (their team's name), `attendees.0.ticketId`, and `eventId`. What has no input
 * of its own (a ticket type, a field or question the form does not ask) is a note on the attendee.
 */
export function placeServerErrors(
  fields: Readonly<Record<string, string>> | undefined,
  slots: readonly (Pick<AttendeeSlot, 'key' | 'team'> & { questions?: readonly Pick<EventQuestion, 'id'>[] })[],
  /** The event's built-in fields: a message for one the form hides is a note on its attendee. */
  modes?: Partial<ParticipantFieldModes>,
): PlacedServerErrors {
  const placed: PlacedServerErrors = { fields: [], attendeeNotes: {}, unplaced: [] };
  const taken = new Set<string>();
  const put = (name: CheckoutFieldName, message: string) => {
    if (taken.has(name)) return;
    taken.add(name);
    placed.fields.push({ name, message });
  };
  for (const [path, message] of Object.entries(fields ?? {})) {
    const [root, second, third, fourth, ...rest] = path.split('.');
    if (root === 'buyer' && isBuyerField(second) && third === undefined) {
      put(`buyer.${second}`, message);
      continue;
    }
    if (root === 'eventId' && second === undefined) {
      placed.event ??= message;
      continue;
    }
    const slot = root === 'attendees' && second !== undefined && /^\d+$/.test(second) ? slots[Number(second)] : undefined;
    const asked = (id: string | undefined) => id !== undefined && (slot?.questions ?? []).some((question) => question.id === id);
    if (slot && third === 'participant' && isAttendeeField(fourth) && isShown(modes, fourth) && rest.length === 0) {
      put(`attendees.${slot.key}.${fourth}`, message);
    } else if (slot && third === 'answers' && asked(fourth) && rest.length === 0) {
      put(`answers.${slot.key}.${fourth!}`, message);
    } else if (slot?.team && third === 'team' && fourth === undefined) {
      put(`teams.${slot.team.key}`, message);
    } else if (slot) {
      placed.attendeeNotes[slot.key] ??= message;
    } else {
      placed.unplaced.push(message);
    }
  }
  return placed;
}
