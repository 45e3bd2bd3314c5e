import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from './contract';
import type { AppDeps, RouteDeps } from './deps';
import { authContext, sessionKey } from './http/auth';
import { resolveSessionSecret } from './signing/session-secret';
import { csrfGuard } from './http/csrf';
import { createDbCache } from './http/db-cache';
import { ApiError, handleError } from './http/errors';
import { RememberingRouter } from './http/remembering-router';
import { securityHeaders } from './http/security-headers';
import { createCashfreeProvider } from './payments/cashfree';
import { createRemoteRegistry } from './registry/remotes';
import { adminRoutes } from './routes/admin';
import { platformRoutes } from './routes/platform';
import { attendeeTicketRoutes } from './routes/attendee-tickets';
import { invoiceLinkRoutes } from './routes/invoice-links';
import { authRoutes } from './routes/auth';
import { cashfreeRoutes } from './routes/cashfree';
import { configRoutes } from './routes/config';
import { emulatorFor } from './routes/emulator';
import { waitingRoomRoutes } from './routes/waiting-room';
import { eventRoutes } from './routes/events';
import { healthRoutes } from './routes/health';
import { mailResendRoutes } from './routes/mail-resend';
import { myBookingsRoutes } from './routes/my-bookings';
import { newsletterRoutes } from './routes/newsletter';
import { unsubscribeRoutes } from './routes/unsubscribe';
import { orderRoutes } from './routes/orders';
import { organiserRoutes } from './routes/organisers';
import { organiserPageRoutes } from './routes/organiser-pages';
import { legalRoutes } from './routes/legal';
import { v1Routes } from './routes/v1';
import { openApiDocument } from './http/v1-openapi';
import { renderDevelopersPage } from './html/developers';
import { readSettings } from './services/settings';
import { eventResultRoutes, resultKeysRoutes, resultRoutes } from './routes/results';
import { isCsvImportPath } from './http/csrf';
import { MAX_RESULTS_FILE_BYTES } from './contract/results';
import { staticRoutes } from './static';
import { selfBaseUrl } from './urls';

export type { AppDeps } from './deps';

/** The largest JSON body any route accepts; the biggest real one (a registration) is under 4 KB. */
export const MAX_JSON_BYTES = 64 * 1024;

const requestBodyLimit = (maxSize: number, message: string) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, 'payload_too_large', message);
    },
  });
const BODILESS_METHODS = new Set(['GET', 'HEAD']);
const jsonBodyLimit = requestBodyLimit(MAX_JSON_BYTES, 'The request body is too large (at most 64 KB).');
// An upload's body is the image plus a little multipart framing; the route checks the file itself.
const uploadBodyLimit = requestBodyLimit(MAX_IMAGE_BYTES + 64 * 1024, IMAGE_MESSAGES.tooLarge);
// A timing company's results file (decision 063): 50,000 rows are about 3 MB.
const resultsBodyLimit = requestBodyLimit(MAX_RESULTS_FILE_BYTES, 'The results file is too large (at most 16 MB).');

export function createApp(deps: AppDeps) {
  // The payment provider (payments/provider.ts): the one given, else Cashfree for env's mode (in
  // emulator mode, the emulator this app serves under /emulator/cashfree).
  const provider = deps.provider ?? createCashfreeProvider({ env: deps.env, fetch: deps.payments?.fetch });
  const routeDeps: RouteDeps = { ...deps, provider, cache: createDbCache(deps.db) };
  const remotes = createRemoteRegistry({ remoteUrls: deps.env.remoteUrls, remotesFile: deps.env.remotesFile });
  const key = sessionKey(resolveSessionSecret(deps.env));

  // The first screen's public GETs, answered by this very app (set once the app exists).
  let answerInProcess: (path: string) => Promise<Response> = async () => new Response(null, { status: 503 });

  const api = new Hono()
    // Bodies are capped before anything reads them: a large JSON body costs memory while parsed.
    // A GET or HEAD has no body for any route to read (the server never hands one on), and asking
    // for it would make the Node adapter build a full fetch Request for every public read. A POST
    // that says its body is empty (Content-Length: 0, as a browser's bodiless fetch does: joining
    // a waiting room, signing out) has none to cap either.
    .use('*', (c, next) =>
      BODILESS_METHODS.has(c.req.method) || c.req.header('content-length') === '0'
        ? next()
        : (c.req.path.startsWith('/api/admin/uploads/')
            ? uploadBodyLimit
            : isCsvImportPath(c.req.path)
              ? resultsBodyLimit
              : jsonBodyLimit)(c, next),
    )
    // Same-origin JSON only for state-changing calls (http/csrf.ts), ahead of every API route.
    .use('*', csrfGuard(deps.env))
    .route('/auth', authRoutes({ ...routeDeps, key }))
    .route('/organisers', organiserRoutes({ ...routeDeps, key }))
    .route('/health', healthRoutes(routeDeps))
    .route('/config', configRoutes(routeDeps))
    .route('/events', eventRoutes(routeDeps))
    .route('/events', waitingRoomRoutes(routeDeps))
    .route('/events', eventResultRoutes(routeDeps))
    .route('/results', resultRoutes(routeDeps))
    // After the sign-up's /organisers/signup...: an organiser's public page by its slug (decision 054).
    .route('/organisers', organiserPageRoutes(routeDeps))
    .route('/newsletter', newsletterRoutes(routeDeps))
    // An announcement's unsubscribe link (decision 072).
    .route('/messages', unsubscribeRoutes(routeDeps))
    .route('/legal', legalRoutes(routeDeps))
    .route('/cashfree', cashfreeRoutes(routeDeps))
    .route('/orders', orderRoutes(routeDeps))
    .route('/tickets', attendeeTicketRoutes(routeDeps))
    .route('/bookings', myBookingsRoutes(routeDeps))
    .route('/', invoiceLinkRoutes(routeDeps))
    .route('/', mailResendRoutes(routeDeps))
    .route('/admin', adminRoutes(routeDeps))
    .route('/platform', platformRoutes(routeDeps))
    // REST API v1 for an organisation's own tools, with a bearer token (decision 062).
    .route('/v1', v1Routes(routeDeps))
    .all('*', (c) => {
      throw new ApiError(404, 'not_found', `No such API path: ${c.req.method} ${c.req.path}`);
    });

  // Every route below and under /api ends up in this app's router (Hono flattens route()).
  const app = new Hono({ router: new RememberingRouter() })
    .use('*', securityHeaders({ env: deps.env, remotes: () => remotes.list(), paymentOrigins: provider.browser.origins }))
    // Hands requireStaff() (http/auth.ts) its database and session key on every request.
    .use('*', authContext({ db: deps.db, key, env: deps.env }))
    .route('/api', api)
    // The emulator's checkout page pays from the browser: same-origin JSON only, as /api.
    .use('/emulator/cashfree/pay/*', csrfGuard(deps.env))
    // The local Cashfree stand-in, in emulator mode outside production only (an empty router
    // otherwise): env.ts refuses production with the emulator, and this holds even if it did not.
    .route(
      '/emulator/cashfree',
      deps.env.payments.mode === 'emulator' && deps.env.nodeEnv !== 'production' ? emulatorFor(deps).routes : new Hono(),
    )
    // The API reference (decision 062), from the same document as /api/v1/openapi.json.
    .get('/developers', async (c) =>
      c.html(renderDevelopersPage(openApiDocument(), (await deps.db.query((db) => readSettings(db))).platformName), 200, {
        'Cache-Control': 'public, max-age=300',
      }),
    )
    // The public key of signed results (decision 063), for anyone verifying one.
    .route('/', resultKeysRoutes(deps))
    .get('/remotes.json', (c) => c.json(remotes.list(), 200, { 'Cache-Control': 'no-store' }))
    // Last: it answers every remaining GET, with the shell's index.html for deep links.
    .route(
      '/',
      staticRoutes({
        staticRoot: deps.env.staticRoot,
        uploadsDir: deps.env.uploadsDir,
        remotes: () => remotes.list(),
        get: (path) => answerInProcess(path),
        publicOrigin: selfBaseUrl(deps.env),
      }),
    );

  answerInProcess = async (path) => app.request(path, { headers: { Accept: 'application/json' } });
  app.onError(handleError);
  app.notFound((c) => c.text('Not Found', 404));
  return app;
}

export type AppType = ReturnType<typeof createApp>;
