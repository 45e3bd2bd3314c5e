// The public Terms, Privacy, Refund policy and Contact pages (/terms, /privacy, /refunds, /contact),
// as payment providers in India require of a merchant's site. Staff write each text in Settings as
// plain text (paragraphs split by a blank line, never HTML); an empty setting serves the standard
// text below. `{platformName}`, `{contactEmail}` and `{supportPhone}` in either are replaced by the
// current settings when a page is served, so renaming the platform renames it in every text.

/** The four pages, by the path each is served at. */
export const LEGAL_PAGES = ['terms', 'privacy', 'refunds', 'contact'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

/** The setting that holds each page's text. */
export const LEGAL_SETTING_KEYS = {
  terms: 'termsText',
  privacy: 'privacyText',
  refunds: 'refundPolicyText',
  contact: 'contactText',
} as const satisfies Record<LegalPage, string>;
export type LegalSettingKey = (typeof LEGAL_SETTING_KEYS)[LegalPage];

export const isLegalPage = (value: string): value is LegalPage => (LEGAL_PAGES as readonly string[]).includes(value);

/** The longest text a page takes, in characters. */
export const LEGAL_TEXT_MAX = 20_000;

/** The settings a text may name in braces. */
export const LEGAL_PLACEHOLDERS = ['platformName', 'contactEmail', 'supportPhone'] as const;
export type LegalPlaceholderValues = Record<(typeof LEGAL_PLACEHOLDERS)[number], string>;

/** Looks like an HTML tag or comment: the texts are plain text, shown as typed. */
export const HTML_TAG = /<\/?[a-z!][^>]*>/i;

/** The text with each `{placeholder}` replaced by its setting; unknown braces stay as typed. */
export function fillLegalText(text: string, values: LegalPlaceholderValues): string {
  return text.replace(/\{(platformName|contactEmail|supportPhone)\}/g, (_, key: keyof LegalPlaceholderValues) => values[key]);
}

/** Paragraphs: split at blank lines, each trimmed; a single line break stays inside its paragraph. */
export function legalParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** GET /api/legal/:page: the page's text, placeholders filled, and the contact details it shows. */
export interface LegalPageResponse {
  page: LegalPage;
  text: string;
  platformName: string;
  contactEmail: string;
  supportPhone: string;
}

/**
 * The standard texts, for a platform that sells tickets to sports events held by organisers across
 * India and takes payment through Cashfree Payments. Plain and honest: they say what the product
 * does (decision 003 checkout and payments, decision 021 orders and attendees).
 */
export const LEGAL_TEXT_DEFAULTS: Record<LegalPage, string> = {
  terms: `These terms apply to everyone who uses {platformName} to find sports events, buy tickets or register for an event. By booking on {platformName} you agree to them.

1. What {platformName} does
{platformName} is an online platform where organisers list sports events in India and people book tickets and register for them. Each event is run by its organiser, who sets its tickets, prices, age and category rules, schedule and venue. {platformName} takes the booking and the payment and issues the tickets.

2. Bookings
When you book, you give the details the event asks for, for yourself and for each attendee. They must be true and complete: an organiser may refuse entry when they are not, or when an attendee does not meet the event's rules. A booking is confirmed only when the payment succeeds; you then get a booking reference and a ticket for each attendee by e-mail. Seats are held for a short time while you pay and released if the payment does not complete.

3. Prices and payment
Prices are shown in Indian rupees (₹) and include any taxes the organiser charges unless the event says otherwise. Payments are processed by Cashfree Payments, our payment processor, by card, UPI or net banking. {platformName} never sees or stores your card or bank details.

4. Tickets and entry
Each ticket carries a QR code that is checked at the venue, once. Keep it private: anyone holding it can use it. Carry a photo identity document if the event asks for one.

5. Changes and cancellations
Organisers may change an event's schedule or venue, or cancel it; we tell you by e-mail at the address you booked with. Refunds follow our Refund and cancellation policy.

6. Taking part
Sport carries a risk of injury. You take part at your own risk and must follow the organiser's rules, the venue's rules and the instructions of officials. Tell the organiser about any medical condition that matters for the event.

7. Liability
{platformName} is responsible for taking your booking and payment correctly. The organiser is responsible for running the event. Nothing in these terms limits rights you have under the Consumer Protection Act, 2019.

8. Law and disputes
These terms are governed by the laws of India. Write to us first at {contactEmail}; we aim to resolve every complaint within 30 days.`,

  privacy: `This policy explains what personal data {platformName} collects, why, and what you can do about it, under India's Digital Personal Data Protection Act, 2023 and the Information Technology Act, 2000.

What we collect
When you book, we collect the buyer's name, e-mail address and phone number, and for each attendee the details the event asks for, such as name, date of birth, gender, emergency contact, T-shirt size, blood group or medical information. We also keep the booking, the tickets and their check-in at the venue.

Why we use it
To take and confirm your booking, send your tickets and updates about the event, let the organiser run the event safely and check you in, answer your questions, and meet our legal and tax obligations. We send newsletters only to those who subscribe to them.

Who we share it with
The organiser of the event you book receives the attendee details their event needs. Cashfree Payments processes your payment; card and bank details go to them directly and never reach us. We do not sell your personal data.

How long we keep it
For as long as needed for the event and afterwards for as long as the law requires us to keep booking and payment records.

Your rights
You may ask to see, correct or erase your personal data, or withdraw consent, by writing to {contactEmail}. Some records must be kept by law even after such a request.

Grievance officer
Write to our Grievance Officer at {contactEmail} or call {supportPhone}. We acknowledge every complaint within 24 hours and resolve it within 15 days. You may also complain to the Data Protection Board of India.`,

  refunds: `Each event on {platformName} is run by its organiser, and the organiser decides whether and until when tickets for their event can be cancelled and how much is refunded. Ask us before you book if you are unsure.

Cancelling a booking
To cancel, write to {contactEmail} or call {supportPhone} with your booking reference. If the event allows cancellation at that time, we cancel the tickets and refund the amount the organiser allows.

When an event is cancelled
If an organiser cancels an event, every booking for it is refunded in full.

Payments that did not complete
If money left your account but the booking was not confirmed (for example because the seats' hold ended before the payment arrived), we refund the payment in full. Write to us with the details if you do not see it.

How refunds are paid
Refunds go back to the original payment method through Cashfree Payments, our payment processor: to the same card, UPI account, bank account or wallet. Once a refund is made, banks usually take 5 to 7 working days to show it in your account. We do not refund in cash or to another account.

Questions
Write to {contactEmail} or call {supportPhone} with your booking reference.`,

  contact: `{platformName} helps people find, book and register for sports events across India.

For help with a booking, a ticket, a payment or a refund, write to us with your booking reference; we answer within one working day.

Grievance Officer
For a complaint about a booking or about your personal data, write to our Grievance Officer at {contactEmail} or call {supportPhone}. We acknowledge every complaint within 24 hours and resolve it within 15 days.`,
};
