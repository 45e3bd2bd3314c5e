import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import {
  bookingOpensOn,
  hasEventEnded,
  isBookingOpen,
  organiserDescription,
  type IssuedTicket,
  type Ticket,
} from '@tdk/api/contract';
import {
  Button,
  indiaDateKey,
  loadLanguage,
  Skeleton,
  useConfig,
  useFormats,
  useLanguage,
  useToast,
  type ApiError,
} from '@tdk/shared-ui';
import { localizeEvent, useStorefrontT } from '../i18n';
import { useCheckout, type CheckoutInput } from '../checkout/use-checkout';
import { useEmailConfirmation } from '../checkout/use-email-confirmation';
import { addMember, attendeeSlots, memberIdOf, removeMember, type TeamMembers } from '../registration/attendee-slots';
import type { CheckoutFormHandle, CheckoutPrefill } from './checkout-form-host';
import { DetailTabs, type DetailTab } from './detail-tabs';
import { Aside, DetailSkeleton, Layout, MainColumn } from './detail-layout';
import { DetailsTab } from './details-tab';
import { usePublicEvent, useEventTickets, useWaitingListOffer } from '../events/queries';
import { OfferNotice } from '../waiting-list/offer-notice';
import { QueueNotice } from '../waiting-room/queue-notice';
import { useQueueStatus } from '../waiting-room/queries';
import { offeredTickets } from '../waiting-list/offer-tickets';
import { EventHero } from './event-hero';
import { usePageHead } from '../layout/use-page-head';
import { bookedState } from '../attendee-ticket/booked';
import { EventNotFound } from './event-not-found';
import { orderSummary } from '../registration/order-summary';
import { preloadable } from '../first-screen/preloadable';
import { useOrderQuote } from '../registration/order-quote';
import { quotedSummary } from '../registration/quote-summary';
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

// The checkout form (react-hook-form, its fields, the rules' module): fetched when the buyer first
// chooses a ticket or opens the Register tab, never with the page (issue 26's first-load budget).
const checkoutFormHost = preloadable(() => import('./checkout-form-host').then((module) => module.CheckoutFormHost));
const CheckoutFormHost = checkoutFormHost.Component;
// The waiting list's form (its own react-hook-form and rules): fetched when a buyer first asks to join.
const joinWaitingListDialog = preloadable(() =>
  import('../waiting-list/join-waiting-list-dialog').then((module) => module.JoinWaitingListDialog),
);
const JoinWaitingListDialog = joinWaitingListDialog.Component;
// The Tickets tab (not on the first screen: the page opens on Details) and the payment dialog: each
// fetched when first opened.
const ticketsTab = preloadable(() => import('./tickets-tab').then((module) => module.TicketsTab));
const TicketsTab = ticketsTab.Component;
const paymentDialog = preloadable(() => import('../checkout/payment-dialog').then((module) => module.PaymentDialog));
const PaymentDialog = paymentDialog.Component;
// The promo code's field (issue 25): drawn in the summary once tickets are chosen, fetched then,
// with the checkout form.
const promoCodeField = preloadable(() => import('../registration/promo-code-field').then((module) => module.PromoCodeField));
const PromoCodeField = promoCodeField.Component;

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
  const { bookingWindowDays, privacyNotice, platformName } = useConfig();
  usePageHead(
    event && {
      title: t('detail.documentTitle', { title: event.title, platformName }),
      description: organiserDescription(
        event.description,
        t('detail.metaDescription', { title: event.title, venue: event.venue, platformName }),
      ),
    },
  );
  // A waiting-list offer's link (?offer=, decision 024): its seats are held for this buyer, so its
  // ticket type shows them as theirs to buy, and checkout starts filled in.
  const offerToken = params.get('offer');
  const offerQuery = useWaitingListOffer(event?.id, offerToken);
  const offer = offerQuery.data?.offer;
  const tickets = useMemo(() => offeredTickets(ticketsQuery.data?.tickets ?? [], offer), [ticketsQuery.data, offer]);
  const [waitingFor, setWaitingFor] = useState<Ticket | null>(null);
  // Mounted from the first 'Join waiting list' on, so that its dialog closes as dialogs do.
  const [joinWanted, setJoinWanted] = useState(false);
  if (waitingFor && !joinWanted) setJoinWanted(true);
  // A queued sale (decision 032): this browser's place; its entry token goes with the order.
  const queue = useQueueStatus(event?.id).data;

  const [tab, setTab] = useState<DetailTab>(params.get('register') === 'true' ? 'register' : 'details');
  const [quantities, setQuantities] = useState<Quantities>({});
  // A team entry's teams and their members (the quantity counts teams).
  const [teams, setTeams] = useState<TeamMembers>({});
  const [checkoutInput, setCheckoutInput] = useState<CheckoutInput | null>(null);
  // Mounted from the first payment on, so that its dialog closes as dialogs do.
  const [paymentWanted, setPaymentWanted] = useState(false);
  if (checkoutInput && !paymentWanted) setPaymentWanted(true);
  // The checkout form, once wanted (a ticket chosen, the Register tab opened, an offer's link): its
  // code arrives then, and it stays mounted; it draws itself into the Register tab's panel.
  const [formWanted, setFormWanted] = useState(false);
  const [registerSlot, setRegisterSlot] = useState<HTMLDivElement | null>(null);
  const [teamNames, setTeamNames] = useState<Readonly<Record<string, unknown>>>({});
  const formHandle = useRef<CheckoutFormHandle | null>(null);

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
  }, [tab, registerSlot, formWanted]);
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

  const lines = useMemo(() => selectionLines(tickets, quantities), [tickets, quantities]);
  // One attendee form per ticket picked (a team's: per member), in the order of the lines, each
  // with the event's questions for their ticket type (issue 23).
  const questions = event?.questions;
  const slots = useMemo(() => attendeeSlots(lines, { teams, questions }), [lines, teams, questions]);
  // The offer fills in its ticket, quantity and buyer once, and opens the form.
  const [prefill, setPrefill] = useState<CheckoutPrefill | null>(null);
  useEffect(() => {
    if (!offer || offer.status !== 'offered' || !offerToken || prefill?.token === offerToken) return;
    if (!tickets.some((ticket) => ticket.id === offer.ticketId)) return;
    setPrefill({ token: offerToken, name: offer.name, email: offer.email, phone: offer.phone });
    setQuantities({ [offer.ticketId]: offer.quantity });
    setTab('register');
  }, [offer, offerToken, tickets, prefill]);
  // Wanted once the buyer chooses: from then on the form keeps what is typed.
  const count = selectionCount(lines);
  useEffect(() => {
    if (formWanted || (tab !== 'register' && count === 0)) return;
    // Drawn by the server or not, the page's first render has no form: it is asked for after it.
    // A failed fetch leaves the placeholder; the next choice asks again.
    // Its messages in the page's language too, so that nothing waits once it is drawn.
    Promise.all([checkoutFormHost.preload(), promoCodeField.preload()])
      .then(() => loadLanguage(language))
      .then(
        () => setFormWanted(true),
        () => undefined,
      );
  }, [formWanted, tab, count, language]);
  // The summary names each team as typed; its prices are the contract's (attendeePricesPaise).
  const summary = useMemo(() => orderSummary(lines, slots, teamNames), [lines, slots, teamNames]);
  // The promo code the buyer applied (issue 25): sent with the quote until removed or refused.
  const [promoCode, setPromoCode] = useState<string | null>(null);
  // Why the code last tried was refused: a contract message (said in words by the checkout form's
  // translator, which has arrived once tickets are chosen), or the quote could not be asked.
  const [promoProblem, setPromoProblem] = useState<{ message: string } | 'check_failed' | null>(null);
  // The buyer's e-mail as typed when the code was applied: the code's limit per e-mail is checked for it.
  const [promoEmail, setPromoEmail] = useState<string | undefined>(undefined);
  // The server's price of this choice (decision 031): its discounts and GST; the listed total until it answers.
  const { quote, checking, codeError } = useOrderQuote(event?.id, slots, promoCode, promoEmail);
  const quoted = useMemo(() => (quote ? quotedSummary(summary.rows, quote) : null), [quote, summary.rows]);
  const total = quoted?.total ?? summary.total;
  // A code the quote refused (or could not check) is said on its field and no longer sent.
  const refusal = useMemo(() => promoCodeProblem(promoCode, quote, codeError), [promoCode, quote, codeError]);
  useEffect(() => {
    if (refusal === null) return;
    setPromoProblem(refusal.kind === 'refused' ? { message: refusal.message } : 'check_failed');
    setPromoCode(null);
  }, [refusal]);
  const promoProblemText =
    promoProblem === null
      ? null
      : promoProblem === 'check_failed'
        ? t('promo.checkFailed')
        : (formHandle.current?.validationText(promoProblem.message) ?? null);
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
      const handle = formHandle.current;
      if (!handle) return false;
      // create-order refused the code (used up since the quote, or this e-mail's limit reached): said
      // on the code's field, the summary priced again without it, and the buyer decides.
      if (fields.promoCode) {
        setPromoProblem({ message: fields.promoCode });
        setPromoCode(null);
        setCheckoutInput(null);
        toast({ title: t('promo.label'), description: handle.validationText(fields.promoCode), variant: 'destructive' });
        return true;
      }
      // The server refused the buyer's or an attendee's field: back to the form, the message on its input.
      const { placed, unplaced } = handle.applyServerErrors(fields);
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

  const registrationIntro = (
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
                  <Suspense fallback={<Skeleton height={240} />}>
                    <TicketsTab
                      tickets={tickets}
                      loading={ticketsQuery.isPending}
                      failed={Boolean(ticketsQuery.error)}
                      onRetry={() => void ticketsQuery.refetch()}
                      quantities={quantities}
                      onQuantityChange={setQuantity}
                      onJoinWaitingList={bookingNotice ? undefined : setWaitingFor}
                    />
                  </Suspense>
                ),
              },
              {
                id: 'register',
                label: t('tab.register'),
                panel: (
                  // The checkout form draws itself here (CheckoutFormHost); a placeholder while its code loads.
                  <div ref={setRegisterSlot}>{!formWanted && <Skeleton height={320} />}</div>
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
              // Fetched with the checkout form; nothing is shown for it until it is here.
              <Suspense fallback={null}>
                <PromoCodeField
                  applied={shownCode}
                  problem={promoProblemText}
                  checking={checking}
                  onApply={(code) => {
                    const email = formHandle.current?.buyerEmail()?.trim();
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
              </Suspense>
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
      {formWanted && (
        <Suspense fallback={null}>
          <CheckoutFormHost
            event={event}
            slots={slots}
            lines={lines}
            rows={summary.rows}
            quoted={quoted}
            submitLabel={payLabel}
            intro={registrationIntro}
            prefill={prefill}
            orderExtras={{
              privacyNoticeVersion: privacyNotice.version,
              // The organiser's part of the notice's version (decision 061): its buyers alone read a change of it again.
              ...(event.organiser.noticeVersion !== undefined ? { organiserNoticeVersion: event.organiser.noticeVersion } : {}),
              ...(offer?.status === 'offered' && offerToken ? { offerToken } : {}),
              ...(queue?.entryToken ? { entryToken: queue.entryToken } : {}),
            }}
            target={tab === 'register' ? registerSlot : null}
            handle={formHandle}
            onTeamNames={setTeamNames}
            onAddMember={(team, ticket) => setTeams((current) => addMember(current, team.key, ticket))}
            onRemoveMember={(slot) => {
              const id = memberIdOf(slot);
              if (!slot.team || id === undefined) return;
              setTeams((current) => removeMember(current, slot.team!.key, id, slot.ticket));
            }}
            onSubmitStart={() => {
              dismiss();
              checkout.reset();
            }}
            onCheckout={setCheckoutInput}
          />
        </Suspense>
      )}
      {joinWanted && (
        <Suspense fallback={null}>
          <JoinWaitingListDialog eventId={event.id} ticket={waitingFor} onClose={() => setWaitingFor(null)} />
        </Suspense>
      )}
      {paymentWanted && (
        <Suspense fallback={null}>
          <PaymentDialog
            input={checkoutInput}
            state={checkout.state}
            onPay={() => checkoutInput && void checkout.start(checkoutInput)}
            onClose={() => setCheckoutInput(null)}
          />
        </Suspense>
      )}
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
