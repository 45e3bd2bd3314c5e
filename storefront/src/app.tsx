import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from '@tdk/shared-ui/router';
import { NotFoundPage, loadLanguage, useLanguage } from '@tdk/shared-ui';
import type { Language } from '@tdk/api/contract';
import { loadStorefrontEnglish, useStorefrontEnglish, useStorefrontT } from './features/i18n';
import { PublicLayout } from './features/layout/public-layout';
import { DetailSkeleton } from './features/event-detail/detail-layout';
import { preloadable, type Preloadable } from './features/first-screen/preloadable';

// Each page is fetched when it is visited (issue 26's first-load budget: a page loads its own code
// and no other's); the event page (tabs, tickets, checkout) so, the lists' first load carries none of it.
// The two lists share most of their code: one chunk.
const homePage = preloadable(() =>
  import(/* webpackChunkName: "event-lists" */ './features/events/home-page').then((module) => module.HomePage),
);
const allEventsPage = preloadable(() =>
  import(/* webpackChunkName: "event-lists" */ './features/events/all-events-page').then((module) => module.AllEventsPage),
);
const savedPage = preloadable(() => import('./features/saved/saved-page').then((module) => module.SavedPage));
const legalPage = preloadable(() => import('./features/legal/legal-page').then((module) => module.LegalPageScreen));
const newsletterConfirmPage = preloadable(() =>
  import('./features/newsletter/confirm-page').then((module) => module.NewsletterConfirmPage),
);
// A queued sale's waiting page (decision 032): a small chunk of its own, fetched by those sent to
// it (and before a visit to it is drawn), not carried by every page's first load.
const waitingRoomPage = preloadable(() =>
  import('./features/waiting-room/waiting-room-page').then((module) => module.WaitingRoomPage),
);
const WaitingRoomPage = waitingRoomPage.Component;
// The link mailed to a new waiting-list entry (issue 40): fetched by those who open one.
const waitingListConfirmPage = preloadable(() =>
  import('./features/waiting-list/confirm-page').then((module) => module.WaitingListConfirmPage),
);
const WaitingListConfirmPage = waitingListConfirmPage.Component;
const WAITING_LIST_CONFIRM_PATH = /^\/event\/[^/]+\/waiting-list\/confirm\/?$/;
const QUEUE_PATH = /^\/event\/[^/]+\/queue\/?$/;
// An organiser's page (decision 054): fetched by those who open one.
const organiserPage = preloadable(() => import('./features/organiser/organiser-page').then((module) => module.OrganiserPage));
const OrganiserPage = organiserPage.Component;
const ORGANISER_PATH = /^\/o\/[^/]+\/?$/;
const HomePage = homePage.Component;
const AllEventsPage = allEventsPage.Component;
const SavedPage = savedPage.Component;
const LegalPageScreen = legalPage.Component;
const NewsletterConfirmPage = newsletterConfirmPage.Component;
const unsubscribePage = preloadable(() =>
  import('./features/unsubscribe/unsubscribe-page').then((module) => module.UnsubscribePage),
);
const UnsubscribePage = unsubscribePage.Component;
const LEGAL_PATHS = new Set(['/terms', '/privacy', '/refunds', '/contact']);
// The attendee's ticket (the QR code and its PDF) is fetched only by those who open one.
const attendeeTicketPage = preloadable(() =>
  import('./features/attendee-ticket/attendee-ticket-page').then((module) => module.AttendeeTicketPage),
);
const eventDetailPage = preloadable(() =>
  import('./features/event-detail/event-detail-page').then((module) => module.EventDetailPage),
);
// My bookings (decision 023): fetched by the buyers who open it.
const bookingsPage = preloadable(() => import('./features/my-bookings/bookings-page').then((module) => module.BookingsPage));
const openLinkPage = preloadable(() => import('./features/my-bookings/open-link-page').then((module) => module.OpenLinkPage));
// The buyer's invoice, credit note and receipt from their e-mail (decision 048): fetched by those who open one.
const documentPage = preloadable(() => import('./features/documents/document-page').then((module) => module.DocumentPage));
const DOCUMENT_PATH = /^\/(invoice|credit-note|receipt)\/[^/]+\/?$/;
// The organiser's sign-up (decision 053): "Sell tickets", where Create Event leads, and its mailed link.
const sellPage = preloadable(() => import('./features/organiser-signup/sell-page').then((module) => module.SellPage));
const signupVerifyPage = preloadable(() =>
  import('./features/organiser-signup/verify-page').then((module) => module.SignupVerifyPage),
);
// Published results and a runner's result (decision 063): fetched by those who open them.
const resultsPage = preloadable(() => import('./features/results/results-page').then((module) => module.ResultsPage));
const resultPage = preloadable(() => import('./features/results/result-page').then((module) => module.ResultPage));
const verifyPage = preloadable(() => import('./features/results/verify-page').then((module) => module.VerifyPage));
const ResultsPage = resultsPage.Component;
const VerifyPage = verifyPage.Component;
const ResultPage = resultPage.Component;
const RESULTS_PATH = /^\/event\/[^/]+\/results\/?$/;
const RESULT_PATH = /^\/result\/[^/]+\/?$/;
const SellPage = sellPage.Component;
const SignupVerifyPage = signupVerifyPage.Component;
const AttendeeTicketPage = attendeeTicketPage.Component;
const DocumentPage = documentPage.Component;
const BookingsPage = bookingsPage.Component;
const OpenLinkPage = openLinkPage.Component;
const EventDetailPage = eventDetailPage.Component;

/**
 * Part of the remote contract (decision 016): loads what the page at `pathname` renders, and its
 * messages in `language` (decision 019), so the shell's first render over a page the API drew, and
 * the API's own drawing, do not suspend.
 */
export async function prepareFirstScreen(pathname: string, language: Language = 'en'): Promise<void> {
  // The storefront's English, fetched beside the page's code, only for a page in English.
  const englishMessages = language === 'en' ? loadStorefrontEnglish() : undefined;
  if (QUEUE_PATH.test(pathname)) await waitingRoomPage.preload();
  else if (WAITING_LIST_CONFIRM_PATH.test(pathname)) await waitingListConfirmPage.preload();
  else if (RESULTS_PATH.test(pathname)) await resultsPage.preload();
  else if (RESULT_PATH.test(pathname)) await resultPage.preload();
  else if (pathname === '/verify') await verifyPage.preload();
  else if (pathname === '/') await homePage.preload();
  else if (pathname === '/events') await allEventsPage.preload();
  else if (pathname.startsWith('/event/')) await eventDetailPage.preload();
  else if (pathname.startsWith('/ticket/')) await attendeeTicketPage.preload();
  else if (ORGANISER_PATH.test(pathname)) await organiserPage.preload();
  else if (DOCUMENT_PATH.test(pathname)) await documentPage.preload();
  else if (pathname === '/bookings/open') await openLinkPage.preload();
  else if (pathname === '/bookings') await bookingsPage.preload();
  else if (pathname === '/saved') await savedPage.preload();
  else if (LEGAL_PATHS.has(pathname)) await legalPage.preload();
  else if (pathname === '/newsletter/confirm') await newsletterConfirmPage.preload();
  else if (pathname === '/unsubscribe') await unsubscribePage.preload();
  else if (pathname === '/sell') await sellPage.preload();
  else if (pathname === '/signup/verify') await signupVerifyPage.preload();
  await englishMessages;
  // After the page's code: it registers the catalogues it uses (a form's validation messages are
  // registered on demand and fetched with its first check, decision 019's addendum).
  await loadLanguage(language);
}

function PageLoading() {
  const t = useStorefrontT();
  return <div role="status" aria-busy="true" aria-label={t('app.loadingPage')} style={{ minHeight: '60vh' }} />;
}

/**
 * A page fetched on its first visit, with the page's loading state meanwhile. A page already loaded
 * (always so for a page drawn by the server: prepareFirstScreen loaded it) gets no Suspense
 * boundary: React hydrates a boundary's content in a later pass, after the drawn page is released,
 * where values kept in the browser (liked events) would be read into a first render that must
 * still be the server's.
 */
const page = (of: Pick<Preloadable<object>, 'loaded'>, element: ReactNode, loading: ReactNode = <PageLoading />) =>
  of.loaded() ? element : <Suspense fallback={loading}>{element}</Suspense>;

function TicketLoading() {
  const t = useStorefrontT();
  return <div role="status" aria-busy="true" aria-label={t('ticketPage.loading')} style={{ minHeight: '60vh' }} />;
}

/**
 * The storefront remote: `/`, `/events`, `/saved`, `/event/:id`, `/o/:slug`, `/ticket/:registrationNumber`, the
 * buyer's documents (`/invoice/:id`, `/credit-note/:id`, `/receipt/:bookingReference`), My
 * bookings (`/bookings`, `/bookings/open`), the newsletter's confirmation (`/newsletter/confirm`), the
 * organiser's sign-up (`/sell`, `/signup/verify`) and the Terms, Privacy, Refund policy and Contact pages,
 * inside the public header and footer.
 */
export default function StorefrontApp() {
  useStorefrontEnglish(useLanguage().language);
  return (
    <div data-remote="storefront" data-build={__BUILD_ID__}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={page(homePage, <HomePage />)} />
          <Route path="events" element={page(allEventsPage, <AllEventsPage />)} />
          <Route path="saved" element={page(savedPage, <SavedPage />)} />
          <Route path="terms" element={page(legalPage, <LegalPageScreen page="terms" />)} />
          <Route path="privacy" element={page(legalPage, <LegalPageScreen page="privacy" />)} />
          <Route path="refunds" element={page(legalPage, <LegalPageScreen page="refunds" />)} />
          <Route path="contact" element={page(legalPage, <LegalPageScreen page="contact" />)} />
          <Route path="event/:id" element={page(eventDetailPage, <EventDetailPage />, <DetailSkeleton />)} />
          {/* An organiser's page (decision 054). */}
          <Route path="o/:slug" element={page(organiserPage, <OrganiserPage />)} />
          {/* A queued sale's waiting page (decision 032). */}
          <Route path="event/:id/queue" element={page(waitingRoomPage, <WaitingRoomPage />)} />
          {/* Published results and one runner's result with its verification (decision 063). */}
          <Route path="event/:id/results" element={page(resultsPage, <ResultsPage />)} />
          <Route path="result/:id" element={page(resultPage, <ResultPage />)} />
          {/* A certificate's QR: its signed result checked in the browser (decision 070). */}
          <Route path="verify" element={page(verifyPage, <VerifyPage />)} />
          <Route path="event/:id/waiting-list/confirm" element={page(waitingListConfirmPage, <WaitingListConfirmPage />)} />
          <Route
            path="ticket/:registrationNumber"
            element={page(attendeeTicketPage, <AttendeeTicketPage />, <TicketLoading />)}
          />
          <Route path="invoice/:id" element={page(documentPage, <DocumentPage kind="invoice" />, <TicketLoading />)} />
          <Route path="credit-note/:id" element={page(documentPage, <DocumentPage kind="creditNote" />, <TicketLoading />)} />
          <Route
            path="receipt/:bookingReference"
            element={page(documentPage, <DocumentPage kind="receipt" />, <TicketLoading />)}
          />
          <Route path="bookings" element={page(bookingsPage, <BookingsPage />, <TicketLoading />)} />
          <Route path="bookings/open" element={page(openLinkPage, <OpenLinkPage />, <TicketLoading />)} />
          <Route path="newsletter/confirm" element={page(newsletterConfirmPage, <NewsletterConfirmPage />)} />
          {/* An announcement's unsubscribe link (decision 072). */}
          <Route path="unsubscribe" element={page(unsubscribePage, <UnsubscribePage />)} />
          {/* Organisers sign up (decision 053). */}
          <Route path="sell" element={page(sellPage, <SellPage />)} />
          <Route path="signup/verify" element={page(signupVerifyPage, <SignupVerifyPage />)} />
          {/* An unknown page keeps the site's header and footer, so the visitor is not stranded. */}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </div>
  );
}
