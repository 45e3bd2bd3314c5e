import { Suspense, lazy } from 'react';
import { Route, Routes } from '@tdk/shared-ui/router';
import { LOGIN_PATH, type RemoteEntry } from '@tdk/api/contract';
import { NotFoundPage, Spinner } from '@tdk/shared-ui';
import { useRemotes } from '../registry/registry-context';
import { RemoteOutlet } from '../registry/remote-outlet';
import { ADMIN_BASE, isAdminRemote, publicRoutePath } from '../registry/route-paths';
import { usePublicTitle } from './public-title';

// The sign-in form (and the form library with it) is fetched only by those who open /login.
const LoginPage = lazy(() => import('../login/login-page').then((module) => ({ default: module.LoginPage })));
const ForgotPasswordPage = lazy(() =>
  import('../login/password-reset-pages').then((module) => ({ default: module.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../login/password-reset-pages').then((module) => ({ default: module.ResetPasswordPage })),
);
// The admin frame (sidebar, top bar, guard) only by those who open /admin: the storefront's first
// load carries none of it.
const AdminLayout = lazy(() => import('../admin-layout/admin-layout').then((module) => ({ default: module.AdminLayout })));

/**
 * The route table of SPEC.md section 2, composed from the registry: each remote owns everything
 * under its base path and declares its own relative routes (and its own 404 for unknown children).
 */
export function ShellRoutes() {
  // A hook, not a sibling element: the tree above a remote is the one the API draws (hydration).
  usePublicTitle();
  const remotes = useRemotes();
  const adminRemotes = remotes.filter(isAdminRemote);
  const publicRemotes = remotes.filter((remote) => !isAdminRemote(remote));

  return (
    <Routes>
      <Route
        path={LOGIN_PATH}
        element={
          <Suspense fallback={<Spinner label="Loading sign-in" />}>
            <LoginPage />
          </Suspense>
        }
      />
      <Route
        path={`${LOGIN_PATH}/forgot`}
        element={
          <Suspense fallback={<Spinner label="Loading" />}>
            <ForgotPasswordPage />
          </Suspense>
        }
      />
      <Route
        path={`${LOGIN_PATH}/reset`}
        element={
          <Suspense fallback={<Spinner label="Loading" />}>
            <ResetPasswordPage />
          </Suspense>
        }
      />
      <Route
        path={`${ADMIN_BASE}/*`}
        element={
          <Suspense fallback={<Spinner label="Loading the admin console" />}>
            <AdminLayout remotes={adminRemotes} />
          </Suspense>
        }
      />
      {publicRemotes.map((remote: RemoteEntry) => (
        <Route key={remote.name} path={publicRoutePath(remote)} element={<RemoteOutlet key={remote.name} remote={remote} />} />
      ))}
      <Route path="*" element={<NotFoundPage standalone />} />
    </Routes>
  );
}
