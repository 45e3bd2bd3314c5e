// The kinds of e-mail the outbox carries (email_outbox.kind): what a row is, for the worker, the
// resend routes and the tests. Composers (order-templates.ts) and the queue (outbox.ts) share them.
export const EMAIL_KINDS = {
  participant: 'participant_confirmation',
  /** An attendee's own ticket, when they gave an e-mail other than the buyer's. */
  attendee: 'attendee_ticket',
  admin: 'admin_notification',
  newEvent: 'new_event_alert',
  login: 'login_notification',
  /** A staff member's forgotten-password link (issue 27). */
  passwordReset: 'password_reset',
  weeklyReport: 'weekly_report',
  /** The waiting list (decision 024): the entry's place, its offer, its end with the event. */
  waitingListJoined: 'waiting_list_joined',
  waitingListOffer: 'waiting_list_offer',
  waitingListEnded: 'waiting_list_ended',
  /** The buyer's notice of a refund (decision 022). */
  refund: 'refund_notice',
  /** The buyer's notice that the event is cancelled, with its refund (decision 025). */
  eventCancelled: 'event_cancelled',
  /** The buyer's notice that they cancelled a ticket themselves, with its refund or none (decision 023). */
  ticketCancelled: 'ticket_cancelled',
  /** The buyer's notice that the event has a new date, with the full-refund deadline (decision 025). */
  eventPostponed: 'event_postponed',
  /** The link a free registration's buyer follows to confirm their e-mail address (decision 027). */
  emailConfirmation: 'registration_email_confirmation',
  /** An organiser's sign-up (decision 053): the link to its admin's address, or a notice that it already has an account. */
  organiserSignup: 'organiser_signup_verification',
  organiserSignupExisting: 'organiser_signup_existing_account',
  /** The platform admins' notice that a new organisation awaits approval. */
  organisationApplied: 'organisation_applied',
  /** An organisation's admins told it was approved, suspended or reinstated by platform staff (decision 052). */
  organisationDecision: 'organisation_decision',
  /** An organisation's admins told platform staff approved or sent back an event (decision 052). */
  eventReview: 'event_review',
  /** A person told an organisation's admin added their existing account as a member (decision 057). */
  memberAdded: 'member_added',
  /** A finisher's certificate, once per attendee, when the event's results are first published with them (decision 070). */
  finisherCertificate: 'finisher_certificate',
  /** The buyer told someone they authorised collected an attendee's kit at the expo (decisions 069, 070). */
  kitCollected: 'kit_collected_by_proxy',
  /** The buyer told an attendee moved to another race of the event, with its refund (decision 071). */
  raceSwapped: 'race_swapped',
  /** The buyer told an attendee was deferred to the organiser's next edition, with the credit (decision 071). */
  ticketDeferred: 'ticket_deferred',
  /** Staff's message to an event's registrants (decision 072): an announcement, with an unsubscribe link. */
  announcement: 'event_announcement',
} as const;
export type EmailKind = (typeof EMAIL_KINDS)[keyof typeof EMAIL_KINDS];
