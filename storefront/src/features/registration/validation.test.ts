import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_MODES, type EventQuestion } from '@tdk/api/contract';
import { loadLanguage, translator } from '@tdk/shared-ui';
import { validationText } from '@tdk/shared-ui/forms';
import { aTicket } from '@tdk/shared-ui/testing';
import { attendeeSlots, teamKey } from './attendee-slots';
import { emptyAnswers } from './event-form';
import {
  checkoutProblemToast,
  emptyAttendee,
  emptyCheckoutForm,
  firstErrorMessage,
  loadCheckoutSchema,
  type EventRules,
} from './validation';
import '../i18n';
import '../checkout-messages/i18n';

/** The checkout's messages, then the storefront's (checkout-messages/i18n). */
const CHECKOUT_MESSAGES = ['storefront-checkout', 'storefront'];
const english = translator('en', CHECKOUT_MESSAGES);
const text = validationText(translator('en', 'validation'));

const EVENT_DATE = '2027-01-12';
const open = aTicket({ id: 3, name: 'Half Marathon', minAge: null, maxAge: null, gender: null });
const kids = aTicket({ id: 4, name: 'Kids Dash', minAge: 6, maxAge: 12, gender: null });
const women = aTicket({ id: 5, name: 'Pinkathon 5K', minAge: 16, maxAge: null, gender: 'female' });

const DUPLICATE = 'Another team of this ticket in your order has this name';
const rules = (overrides: Partial<EventRules> = {}): EventRules => ({
  date: EVENT_DATE,
  duplicateTeamName: DUPLICATE,
  ...overrides,
});

const buyer = { fullName: 'Asha Rao', email: 'asha@example.com', phone: '+91 98765 43210' };
const attendee = (overrides: Partial<ReturnType<typeof emptyAttendee>> = {}) => ({
  ...emptyAttendee(),
  fullName: 'Asha Rao',
  phone: '098765 43210',
  dateOfBirth: '1990-04-01',
  gender: 'female',
  emergencyContact: 'Ravi Rao',
  emergencyPhone: '98765-43211',
  ...overrides,
});

/** The messages of a failed parse by field path, in words. */
async function problems(slots: ReturnType<typeof attendeeSlots>, values: unknown, event: Partial<EventRules> = {}) {
  const result = (await loadCheckoutSchema(slots, rules(event))).safeParse({ privacyConsent: true, ...(values as object) });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), text(issue.message)]));
}

describe('the checkout schema (loaded on the first validation)', () => {
  it('gives the contract’s buyer and attendees: phones as E.164, empty optional fields dropped', async () => {
    const slots = attendeeSlots([{ ticket: open, quantity: 1 }]);
    const result = (await loadCheckoutSchema(slots, rules())).safeParse({
      privacyConsent: true,
      buyer,
      attendees: { t3n1: attendee() },
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      privacyConsent: true,
      guardians: {},
      answers: { t3n1: {} },
      teams: {},
      buyer: { ...buyer, phone: '+919876543210' },
      attendees: {
        t3n1: {
          fullName: 'Asha Rao',
          email: undefined,
          phone: '+919876543210',
          dateOfBirth: '1990-04-01',
          gender: 'female',
          emergencyContact: 'Ravi Rao',
          emergencyPhone: '+919876543211',
          tshirtSize: undefined,
          bloodGroup: undefined,
          medicalConditions: '',
          experience: undefined,
        },
      },
    });
  });

  it('names every missing field of an attendee, chosen nothing for them (no default gender)', async () => {
    const slots = attendeeSlots([{ ticket: open, quantity: 1 }]);
    expect(await problems(slots, { buyer, attendees: { t3n1: emptyAttendee() } })).toEqual({
      'attendees.t3n1.fullName': 'Full name is required',
      'attendees.t3n1.phone': 'Phone number is required',
      'attendees.t3n1.dateOfBirth': 'Date of birth is required',
      'attendees.t3n1.gender': 'Please choose a gender',
      'attendees.t3n1.emergencyContact': 'Emergency contact is required',
      'attendees.t3n1.emergencyPhone': 'Emergency phone is required',
    });
  });

  it('refuses a buyer’s number that is not Indian, and a malformed attendee e-mail', async () => {
    const slots = attendeeSlots([{ ticket: open, quantity: 1 }]);
    expect(
      await problems(slots, { buyer: { ...buyer, phone: '12345' }, attendees: { t3n1: attendee({ email: 'asha@example' }) } }),
    ).toEqual({
      'buyer.phone': 'Enter an Indian phone number, like 98765 43210',
      'attendees.t3n1.email': 'Invalid email format',
    });
  });

  it("holds each attendee to their own ticket type's ages on the event day, on the date of birth", async () => {
    const slots = attendeeSlots([
      { ticket: open, quantity: 1 },
      { ticket: kids, quantity: 2 },
    ]);
    const values = {
      buyer,
      attendees: {
        t3n1: attendee({ dateOfBirth: '2019-01-01' }),
        // 5 on the event day: too young; the gender is not chosen yet and says so separately.
        t4n1: attendee({ dateOfBirth: '2021-01-13', gender: '' }),
        // 13 on the event day: too old.
        t4n2: attendee({ dateOfBirth: '2014-01-12' }),
      },
    };
    expect(await problems(slots, values)).toEqual({
      'attendees.t4n1.dateOfBirth': 'Participants in Kids Dash must be 6 or older on 12 January 2027',
      'attendees.t4n1.gender': 'Please choose a gender',
      'attendees.t4n2.dateOfBirth': 'Participants in Kids Dash must be 12 or younger on 12 January 2027',
    });
  });

  it("holds an attendee to their ticket type's gender, on the gender", async () => {
    const slots = attendeeSlots([{ ticket: women, quantity: 1 }]);
    expect(await problems(slots, { buyer, attendees: { t5n1: attendee({ gender: 'male' }) } })).toEqual({
      'attendees.t5n1.gender': 'Pinkathon 5K is for women and girls only',
    });
  });

  it('asks the privacy notice’s box, and a guardian for a child on the event day only', async () => {
    const slots = attendeeSlots([{ ticket: open, quantity: 1 }]);
    const schema = await loadCheckoutSchema(slots, rules());
    const unticked = schema.safeParse({ privacyConsent: false, buyer, attendees: { t3n1: attendee() } });
    expect(unticked.error?.issues.map((i) => [i.path.join('.'), text(i.message)])).toEqual([
      ['privacyConsent', 'Please read the privacy notice and agree to continue'],
    ]);
    // Seventeen on the event day: their parent's name, relation, phone and consent.
    expect(await problems(slots, { buyer, attendees: { t3n1: attendee({ dateOfBirth: '2009-01-13' }) } })).toEqual({
      'guardians.t3n1.name': "Parent or guardian's name is required",
      'guardians.t3n1.relation': 'Choose how they are related',
      'guardians.t3n1.phone': "Parent or guardian's phone is required",
      'guardians.t3n1.consent': 'The parent or guardian must consent',
    });
    const guardians = { t3n1: { name: 'Ravi Rao', relation: 'parent', phone: '98765 43211', consent: true } };
    expect(await problems(slots, { buyer, attendees: { t3n1: attendee({ dateOfBirth: '2009-01-13' }) }, guardians })).toEqual({});
    // Eighteen that day: none asked.
    expect(await problems(slots, { buyer, attendees: { t3n1: attendee({ dateOfBirth: '2009-01-12' }) } })).toEqual({});
  });

  it('forgets the values of a form a smaller quantity removed', async () => {
    const slots = attendeeSlots([{ ticket: open, quantity: 1 }]);
    const result = (await loadCheckoutSchema(slots, rules())).safeParse({
      privacyConsent: true,
      buyer,
      attendees: { t3n1: attendee(), t3n2: emptyAttendee() },
    });
    expect(result.success && Object.keys(result.data.attendees)).toEqual(['t3n1']);
  });
});

const question = (id: string, kind: EventQuestion['kind'], overrides: Partial<EventQuestion> = {}): EventQuestion => ({
  id,
  kind,
  label: id,
  helpText: '',
  required: false,
  options: [],
  waiverText: '',
  ticketIds: [],
  ...overrides,
});

describe("the event's own form (questions and built-in fields)", () => {
  const questions = [
    question('club', 'shortText'),
    question('goal', 'longText'),
    question('pace', 'number', { required: true }),
    question('since', 'date'),
    question('wave', 'singleChoice', { options: ['A', 'B'], required: true }),
    question('food', 'multipleChoice', { options: ['Veg', 'Jain', 'Vegan'] }),
    question('bus', 'yesNo'),
    question('waiver', 'yesNo', { required: true, waiverText: 'I run at my own risk.' }),
    question('kidsOnly', 'shortText', { required: true, ticketIds: [4] }),
  ];
  const slots = attendeeSlots([{ ticket: open, quantity: 1 }], { questions });

  it('gives the answers asked, typed: numbers as numbers, choices as a list, empty optional ones left out', async () => {
    const result = (await loadCheckoutSchema(slots, rules({ questions }))).safeParse({
      privacyConsent: true,
      buyer,
      attendees: { t3n1: attendee() },
      answers: {
        t3n1: {
          ...emptyAnswers(slots[0]!.questions),
          club: ' Pune Striders ',
          pace: '5.5',
          wave: 'B',
          food: ['Veg', 'Jain'],
          waiver: true,
        },
      },
    });
    expect(result.success && result.data.answers).toEqual({
      t3n1: { club: 'Pune Striders', pace: 5.5, wave: 'B', food: ['Veg', 'Jain'], bus: false, waiver: true },
    });
  });

  it("says on each question what it lacks, as the contract's answerProblems does", async () => {
    expect(
      await problems(
        slots,
        { buyer, attendees: { t3n1: attendee() }, answers: { t3n1: { ...emptyAnswers(slots[0]!.questions), pace: 'fast' } } },
        { questions },
      ),
    ).toEqual({
      'answers.t3n1.pace': 'Please enter a number',
      'answers.t3n1.wave': 'Please answer this question',
      'answers.t3n1.waiver': 'Please accept the waiver to continue',
    });
  });

  it('requires the built-in fields the event requires, and only those', async () => {
    const participantFields = { ...DEFAULT_FIELD_MODES, tshirtSize: 'required', emergencyContact: 'optional' } as const;
    const values = { buyer, attendees: { t3n1: attendee({ emergencyContact: '', emergencyPhone: '' }) } };
    expect(await problems(slots, values, { participantFields })).toEqual({
      'attendees.t3n1.tshirtSize': 'Please choose a T-shirt size',
    });
    expect(
      await problems(slots, { ...values, attendees: { t3n1: attendee({ tshirtSize: 'M' }) } }, { participantFields }),
    ).toEqual({});
  });
});

describe('team entries', () => {
  const relay = aTicket({ id: 7, name: 'Relay 4×5K', price: 2000, teamMin: 4, teamMax: 4, teamPricing: 'team' });
  const slots = attendeeSlots([{ ticket: relay, quantity: 2 }]);
  const attendees = Object.fromEntries(slots.map((slot) => [slot.key, attendee()]));
  const [first, second] = [teamKey(7, 1), teamKey(7, 2)];

  it('asks each team for its name, on the name', async () => {
    expect(await problems(slots, { buyer, attendees, teams: { [first]: 'Gazelles', [second]: ' ' } })).toEqual({
      [`teams.${second}`]: 'Team name is required',
    });
  });

  it('refuses two teams of one ticket type by one name, which create-order would count as one', async () => {
    expect(await problems(slots, { buyer, attendees, teams: { [first]: 'Gazelles', [second]: 'gazelles ' } })).toEqual({
      [`teams.${second}`]: DUPLICATE,
    });
    expect(await problems(slots, { buyer, attendees, teams: { [first]: 'Gazelles', [second]: 'Cheetahs' } })).toEqual({});
  });
});

describe('checkoutProblemToast', () => {
  const slots = attendeeSlots([{ ticket: open, quantity: 2 }]);
  const errors = {
    attendees: { t3n2: { phone: { type: 'custom', message: 'Enter an Indian phone number, like 98765 43210' } } },
  };

  it('asks for the buyer’s missing information first', () => {
    expect(checkoutProblemToast(emptyCheckoutForm(), errors, slots, english)).toEqual({
      title: 'Missing information',
      description: 'Please fill in all required fields',
    });
  });

  it('asks for a ticket once the buyer is complete', () => {
    expect(checkoutProblemToast({ buyer }, {}, [], english)).toEqual({
      title: 'No tickets selected',
      description: 'Please select at least one ticket to continue',
    });
  });

  it('says the first refused field in the order of the form', () => {
    const both = {
      attendees: {
        t3n2: { phone: { type: 'custom', message: 'second attendee' } },
        t3n1: {
          gender: { type: 'custom', message: 'first attendee, gender' },
          fullName: { type: 'custom', message: 'first attendee, name' },
        },
      },
    };
    expect(firstErrorMessage(both, slots)).toBe('first attendee, name');
    expect(checkoutProblemToast({ buyer }, both, slots, english)).toEqual({
      title: 'Please check your details',
      description: 'first attendee, name',
    });
    expect(firstErrorMessage({ buyer: { email: { type: 'custom', message: 'buyer e-mail' } }, ...both }, slots)).toBe(
      'buyer e-mail',
    );
  });

  it('speaks the page’s language', async () => {
    await Promise.all([loadLanguage('hi'), loadLanguage('mr')]);
    expect(checkoutProblemToast(emptyCheckoutForm(), {}, slots, translator('hi', CHECKOUT_MESSAGES)).title).toBe(
      'जानकारी अधूरी है',
    );
    expect(checkoutProblemToast({ buyer }, {}, [], translator('mr', CHECKOUT_MESSAGES)).title).toBe('कोणतेही तिकीट निवडलेले नाही');
  });
});
