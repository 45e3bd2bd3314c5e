import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { bookingOpensOn, hasEventEnded, isBookingOpen, type IssuedTicket, type Ticket } from '@tdk/api/contract';
import { Button, indiaDateKey, useConfig, useFormats, useLanguage, useToast, type ApiError } from '@tdk/shared-ui';
import { useValidationText, useWatch } from '@tdk/shared-ui/forms';
import { localizeEvent, useStorefrontT } from '../i18n';
import { PaymentDialog } from '../checkout/payment-dialog';
import { useCheckout, type CheckoutInput } from '../checkout/use-checkout';
import { useEmailConfirmation } from '../checkout/use-email-confirmation';
import { addMember, attendeeSlots, memberIdOf, removeMember, type TeamMembers } from '../registration/attendee-slots';
import { RegistrationFormView } from '../registration/registration-form';
import { useCheckoutForm } from '../registration/use-checkout-form';
import { checkoutProblemToast, NO_TICKETS } from '../registration/validation';
import { guardianOf } from '../registration/guardian';
import { DetailTabs, type DetailTab } from './detail-tabs';
import { Aside, DetailSkeleton, Layout, MainColumn } from './detail-layout';
import { DetailsTab } from './details-tab';
import { usePublicEvent, useEventTickets, useWaitingListOffer } from '../events/queries';
import { JoinWaitingListDialog } from '../waiting-list/join-waiting-list-dialog';
import { OfferNotice } from '../waiting-list/offer-notice';
import { QueueNotice } from '../waiting-room/queue-notice';
import { useQueueStatus } from '../waiting-room/queries';
import { offeredTickets } from '../waiting-list/offer-tickets';
import { EventHero } from './event-hero';
import { bookedState } from '../attendee-ticket/booked';
import { EventNotFound } from './event-not-found';
import { orderAmount, orderSummary } from '../registration/order-summary';
import { useOrderQuote } from '../registration/order-quote';
import { quotedSummary } from '../registration/quote-summary';
import { PromoCodeField } from '../registration/promo-code-field';
import { promoCodeProblem } from '../registration/promo-code';
import {
  clampQuantity,
  purchasableQuantity,
  selectionCount,
  selectionLines,
  type Quantities,
} from '../ticket-selection/quantity';
import { BookBar } from './book-bar';
import { BookingSummary, EndedNotice, EventInformation, Notices, Panel, QuickActions } from './side-panels';
import { submitLabelFor } from './submit-label';
import { TicketsTab } from './tickets-tab';

/** How long the 'Event not found' page stays before the return home (SPEC.md section 8). */
export const NOT_FOUND_REDIRECT_MS = 3000;

const isNotFound = (error: ApiError) => error.status === 404 || error.status === 400;

/** Event detail (/event/:id): hero, the details/tickets/register tabs and the side panels. */
export function EventDetailPage() {
  const t = useStorefrontT();
  const formats = useFormats();
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { toast, dismiss } = useToast();
  const eventQuery = usePublicEvent(id);
  const loaded = eventQuery.data?.event;
  const event = useMemo(() => loaded && localizeEvent(loaded, language), [loaded, language]);
  const ticketsQuery = useEventTickets(event?.id);
  // A waiting-list offer's link (?offer=, decision 024): its seats are held for this buyer, so its
  // ticket type shows them as theirs to buy, and checkout starts filled in.
  const offerToken = params.get('offer');
  const offerQuery = useWaitingListOffer(event?.id, offerToken);
  const offer = offerQuery.data?.offer;
  const tickets = useMemo(() => offeredTickets(ticketsQuery.data?.tickets ?? [], offer), [ticketsQuery.data, offer]);
  const [waitingFor, setWaitingFor] = useState<Ticket | null>(null);
  // A queued sale (decision 032): this browser's place; its entry token goes with the order.
  const queue = useQueueStatus(event?.id).data;

  const [tab, setTab] = useState<DetailTab>(params.get('register') === 'true' ? 'register' : 'details');
  const [quantities, setQuantities] = useState<Quantities>({});
  // A team entry's teams and their members (the quantity counts teams).
  const [teams, setTeams] = useState<TeamMembers>({});
  const [checkoutInput, setCheckoutInput] = useState<CheckoutInput | null>(null);

  useEffect(() => {
    if (params.get('register') === 'true') setTab('register');
    else if (params.get('tab') === 'tickets') setTab('tickets');
  }, [params]);

  // The booking button takes the keyboard where the booking goes on: 'Continue to Register' to the
  // form's first field, 'Book' (nothing chosen yet) to the tickets, not back to the page top.
  const focusNext = useRef<'form' | 'tickets' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target || (target === 'form' ? tab !== 'register' : tab !== 'tickets')) return;
    // The tab panel mounts its content after the switch; wait a few frames for it.
    let frame = 0;
    let tries = 0;
    const focusTarget = () => {
      const element = document.querySelector<HTMLElement>(
        target === 'form' ? '[data-testid="registration-form"] input' : '[role="tabpanel"][data-state="active"]',
      );
      if (!element) {
        if ((tries += 1) < 10) frame = requestAnimationFrame(focusTarget);
        return;
      }
      focusNext.current = null;
      if (target === 'form') {
        element.focus();
        return;
      }
      // The tickets from their top (the phone's bar was pressed far down the page); the tab list keeps
      // clear of a sticky header (detail-tabs.tsx).
      element.focus({ preventScroll: true });
      (element.parentElement?.querySelector('[role="tablist"]') ?? element).scrollIntoView?.({ block: 'start' });
    };
    frame = requestAnimationFrame(focusTarget);
    return () => cancelAnimationFrame(frame);
  }, [tab]);
  const goToRegister = useCallback(() => {
    focusNext.current = 'form';
    setTab('register');
  }, []);
  const goToTickets = useCallback(() => {
    focusNext.current = 'tickets';
    setTab('tickets');
  }, []);

  // SPEC.md section 8: a toast for the failure, and a 404 goes back home.
  const reported = useRef<ApiError | null>(null);
  const error = eventQuery.error;
  useEffect(() => {
    if (!error) return;
    if (reported.current !== error) {
      reported.current = error;
      if (isNotFound(error)) {
        toast({ title: t('notFound.title'), description: t('notFound.toast'), variant: 'destructive' });
      } else {
        toast({ title: t('error.title'), description: t('notFound.loadFailed'), variant: 'destructive' });
      }
    }
    if (!isNotFound(error)) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [error, navigate, toast, t]);

  const { bookingWindowDays, privacyNotice } = useConfig();
  const lines = useMemo(() => selectionLines(tickets, quantities), [tickets, quantities]);
  const count = selectionCount(lines);
  // One attendee form per ticket picked (a team's: per member), in the order of the lines, each
  // with the event's questions for their ticket type (issue 23).
  const questions = event?.questions;
  const slots = useMemo(() => attendeeSlots(lines, { teams, questions }), [lines, teams, questions]);
  const checkoutForm = useCheckoutForm(slots, {
    date: event?.date ?? '',
    questions,
    participantFields: event?.participantFields,
    healthReason: event?.healthReason,
  });
  const { form } = checkoutForm;
  // The offer fills in its ticket, quantity and buyer once, and opens the form.
  const appliedOffer = useRef<string | null>(null);
  useEffect(() => {
    if (!offer || offer.status !== 'offered' || !offerToken || appliedOffer.current === offerToken) return;
    if (!tickets.some((ticket) => ticket.id === offer.ticketId)) return;
    appliedOffer.current = offerToken;
    setQuantities({ [offer.ticketId]: offer.quantity });
    form.setValue('buyer.fullName', offer.name);
    form.setValue('buyer.email', offer.email);
    form.setValue('buyer.phone', offer.phone);
    setTab('register');
  }, [offer, offerToken, tickets, form]);
  // The summary names each team as typed; its prices are the contract's (attendeePricesPaise).
  const teamNames = useWatch({ control: form.control, name: 'teams' });
  const summary = useMemo(() => orderSummary(lines, slots, teamNames), [lines, slots, teamNames]);
  // The promo code the buyer applied (issue 25): sent with the quote until removed or refused.
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [promoProblem, setPromoProblem] = useState<string | null>(null);
  // The buyer's e-mail as typed when the code was applied: the code's limit per e-mail is checked for it.
  const [promoEmail, setPromoEmail] = useState<string | undefined>(undefined);
  // The server's price of this choice (decision 031): its discounts and GST; the listed total until it answers.
  const { quote, checking, codeError } = useOrderQuote(event?.id, slots, promoCode, promoEmail);
  const quoted = useMemo(() => (quote ? quotedSummary(summary.rows, quote) : null), [quote, summary.rows]);
  const total = quoted?.total ?? summary.total;
  // A code the quote refused (or could not check) is said on its field and no longer sent.
  const validation = useValidationText();
  const refusal = useMemo(() => promoCodeProblem(promoCode, quote, codeError), [promoCode, quote, codeError]);
  useEffect(() => {
    if (refusal === null) return;
    setPromoProblem(refusal.kind === 'refused' ? validation(refusal.message) : t('promo.checkFailed'));
    setPromoCode(null);
  }, [refusal, validation, t]);
  // A code the server applied stays shown as applied while a changed choice is priced again with it.
  const appliedCode = quoted?.promo?.code ?? null;
  const [confirmedCode, setConfirmedCode] = useState<string | null>(null);
  useEffect(() => {
    if (appliedCode !== null) setConfirmedCode(promoCode);
  }, [appliedCode, promoCode]);
  const shownCode = appliedCode ?? (checking && promoCode !== null && promoCode === confirmedCode ? promoCode : null);

  // After paying, the visitor lands on their own tickets at once (with their PDF), and that page
  // says it went through: no toast over a filled form.
  const showTicket = useCallback(
    (ticket: IssuedTicket, booked: { amount: number; email: string }) =>
      navigate(ticket.ticketUrl, { state: bookedState({ ...booked, confirmationEmail: ticket.confirmationEmail }) }),
    [navigate],
  );
  // The link e-mailed for a free registration (decision 027) opens this page: confirmed, it shows the tickets.
  const confirming = useEmailConfirmation((answer) =>
    navigate(answer.registration.ticketUrl, {
      state: bookedState({ amount: 0, email: answer.email, confirmationEmail: answer.registration.confirmationEmail }),
    }),
  );
  const checkout = useCheckout({
    onSoldOut: () => void ticketsQuery.refetch(),
    onInvalidFields: (fields) => {
      // create-order refused the code (used up since the quote, or this e-mail's limit reached): said
      // on the code's field, the summary priced again without it, and the buyer decides.
      if (fields.promoCode) {
        const message = validation(fields.promoCode);
        setPromoProblem(message);
        setPromoCode(null);
        setCheckoutInput(null);
        toast({ title: t('promo.label'), description: message, variant: 'destructive' });
        return true;
      }
      // The server refused the buyer's or an attendee's field: back to the form, the message on its input.
      const { placed, unplaced } = checkoutForm.applyServerErrors(fields);
      if (!placed) return false;
      setCheckoutInput(null);
      setTab('register');
      if (unplaced.length > 0) toast({ title: t('form.checkTitle'), description: unplaced.join(' '), variant: 'destructive' });
      return true;
    },
    onClose: () => setCheckoutInput(null),
    onSuccess: showTicket,
  });

  if (eventQuery.isPending) return <DetailSkeleton />;
  if (error || !event) return <EventNotFound message={error && !isNotFound(error) ? t('notFound.loadFailedPage') : undefined} />;

  function setQuantity(ticketId: number, quantity: number) {
    const ticket = tickets.find((t) => t.id === ticketId);
    setQuantities((current) => ({ ...current, [ticketId]: clampQuantity(quantity, ticket ? purchasableQuantity(ticket) : 0) }));
  }

  // The resolver marks the fields; SPEC.md section 5's toast says what to do first.
  const submitRegistration = form.handleSubmit(
    (values) => {
      if (slots.length === 0) {
        toast({ title: t(NO_TICKETS.title), description: t(NO_TICKETS.description), variant: 'destructive' });
        return;
      }
      // The previous attempt's messages are about a form that is now fine.
      dismiss();
      checkout.reset();
      checkoutForm.clearNotes();
      // The body lists the attendees in form order: the API's `attendees.{i}` is `slots[i]`.
      const attendees = slots.map((slot) => {
        const team = slot.team ? values.teams[slot.team.key] : undefined;
        return {
          ticketId: slot.ticket.id,
          participant: values.attendees[slot.key]!,
          answers: values.answers[slot.key],
          team: typeof team === 'string' ? team.trim() : undefined,
          // Only a child's (the rules asked for it): an adult's is not sent.
          guardian: guardianOf(values, slot.key, event!.date),
        };
      });
      setCheckoutInput({
        eventId: event!.id,
        eventTitle: event!.title,
        lines,
        rows: quoted?.rows ?? summary.rows,
        ...(quoted && quoted.discounts.length > 0 ? { discounts: quoted.discounts } : {}),
        // Only a code the quote of this very choice applied.
        ...(quoted?.promo ? { promo: quoted.promo } : {}),
        // What create-order charges for these attendees and their teams, as named: the server's
        // quote of this very choice (its discounts), else the listed prices.
        total:
          quoted?.total ??
          orderAmount(
            attendees,
            lines.map((line) => line.ticket),
          ),
        buyer: values.buyer,
        ...(values.business ? { business: values.business } : {}),
        attendees,
        privacyNoticeVersion: privacyNotice.version,
        ...(offer?.status === 'offered' && offerToken ? { offerToken } : {}),
        ...(queue?.entryToken ? { entryToken: queue.entryToken } : {}),
      });
    },
    (errors) => {
      checkoutForm.clearNotes();
      toast({ ...checkoutProblemToast(form.getValues(), errors, slots, t), variant: 'destructive' });
      checkoutForm.focusFirstInvalid();
    },
  );

  const payLabel = submitLabelFor({ count, total, startingPrice: event.startingPrice ?? 0 }, t, formats);
  const ended = hasEventEnded(event);

  // No ticket type on sale (none Active): nothing to register for, said plainly, never 'Free'.
  const onSale = event.startingPrice !== null;
  // Settings' booking window: an event further ahead is shown but not yet on sale (create-order refuses it too).
  const bookingNotice = !onSale
    ? t('detail.notOnSale')
    : isBookingOpen(event.date, bookingWindowDays, indiaDateKey())
      ? null
      : t('detail.bookingOpens', { date: formats.longDate(bookingOpensOn(event.date, bookingWindowDays)) });

  if (ended || !onSale) {
    // Still reachable by its link, but nothing to buy: no tickets, no register tab or button.
    return (
      <>
        <EventHero event={event} ended={ended} />
        <Layout>
          <MainColumn>
            <DetailTabs
              active="details"
              onChange={setTab}
              tabs={[{ id: 'details', label: t('tab.details'), panel: <DetailsTab event={event} /> }]}
            />
          </MainColumn>
          <Aside aria-label={t('info.region')}>
            {ended ? (
              <EndedNotice cancelled={event.status === 'Cancelled'} />
            ) : (
              <Panel title={t('summary.title')} testId="not-on-sale">
                <BookingNotice role="status">{bookingNotice}</BookingNotice>
              </Panel>
            )}
            <EventInformation event={event} />
            <QuickActions event={event} />
          </Aside>
        </Layout>
      </>
    );
  }

  return (
    <>
      <EventHero event={event} />
      <Layout>
        <MainColumn>
          {queue && !offer && <QueueNotice eventId={event.id} status={queue} />}
          {confirming === 'confirming' && (
            <BookingNotice role="status" data-testid="confirming-email">
              {t('checkout.confirmingEmail')}
            </BookingNotice>
          )}
          <DetailTabs
            active={tab}
            onChange={setTab}
            tabs={[
              { id: 'details', label: t('tab.details'), panel: <DetailsTab event={event} /> },
              {
                id: 'tickets',
                label: t('tab.tickets'),
                panel: (
                  <TicketsTab
                    tickets={tickets}
                    loading={ticketsQuery.isPending}
                    failed={Boolean(ticketsQuery.error)}
                    onRetry={() => void ticketsQuery.refetch()}
                    quantities={quantities}
                    onQuantityChange={setQuantity}
                    onJoinWaitingList={bookingNotice ? undefined : setWaitingFor}
                  />
                ),
              },
              {
                id: 'register',
                label: t('tab.register'),
                panel: (
                  <RegistrationFormView
                    checkout={checkoutForm}
                    slots={slots}
                    onSubmit={(formEvent) => void submitRegistration(formEvent)}
                    submitLabel={payLabel}
                    onAddMember={(team, ticket) => setTeams((current) => addMember(current, team.key, ticket))}
                    onRemoveMember={(slot) => {
                      const id = memberIdOf(slot);
                      if (!slot.team || id === undefined) return;
                      checkoutForm.forgetAttendee(slot.key);
                      setTeams((current) => removeMember(current, slot.team!.key, id, slot.ticket));
                    }}
                    intro={
                      <>
                        {offer && <OfferNotice offer={offer} />}
                        <SelectedTickets>
                          {count === 0 ? (
                            <>
                              <span>{t('summary.none')}</span>
                              <Button variant="outline" size="sm" onClick={() => setTab('tickets')}>
                                {t('register.chooseTickets')}
                              </Button>
                            </>
                          ) : (
                            <>
                              <span>
                                {lines.map((line) => `${line.ticket.name} × ${line.quantity}`).join(', ')} ·{' '}
                                <strong>{formats.rupees(total)}</strong>
                              </span>
                              <Button variant="ghost" size="sm" onClick={() => setTab('tickets')}>
                                {t('register.changeTickets')}
                              </Button>
                            </>
                          )}
                        </SelectedTickets>
                      </>
                    }
                  />
                ),
              },
            ]}
          />
        </MainColumn>
        <Aside aria-label={t('info.bookingRegion')}>
          <BookingSummary
            rows={summary.rows}
            total={summary.total}
            quoted={quoted}
            promoField={
              <PromoCodeField
                applied={shownCode}
                problem={promoProblem}
                checking={checking}
                onApply={(code) => {
                  const email = form.getValues('buyer.email')?.trim();
                  setPromoProblem(null);
                  setPromoEmail(email && email.includes('@') ? email : undefined);
                  setPromoCode(code);
                }}
                onRemove={() => {
                  setPromoProblem(null);
                  setPromoCode(null);
                  setConfirmedCode(null);
                }}
              />
            }
            action={
              bookingNotice ? (
                <BookingNotice role="status">{bookingNotice}</BookingNotice>
              ) : tab !== 'register' ? (
                <BookBar event={event} count={count} total={total} onBook={count > 0 ? goToRegister : goToTickets} />
              ) : undefined
            }
          />
          <EventInformation event={event} />
          <QuickActions event={event} />
          <Notices event={event} />
        </Aside>
      </Layout>
      <JoinWaitingListDialog eventId={event.id} ticket={waitingFor} onClose={() => setWaitingFor(null)} />
      <PaymentDialog
        input={checkoutInput}
        state={checkout.state}
        onPay={() => checkoutInput && void checkout.start(checkoutInput)}
        onClose={() => setCheckoutInput(null)}
      />
    </>
  );
}

const SelectedTickets = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const BookingNotice = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.secondarySoft};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-align: center;
`;
