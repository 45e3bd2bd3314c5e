import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Role } from '@tdk/api/contract';
import { AccessDenied, Spinner, useSession } from '@tdk/shared-ui';

/**
 * The route guard of SPEC.md section 6. It only decides what the browser shows; the API enforces the
 * same matrix on every request, so hiding a page is never what protects its data.
 */
export function RequireStaffRole({ minRole, children }: { minRole: Role; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') return <Spinner label="Checking your session" />;
  if (session.status === 'signed-out') {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace />;
  }
  if (!session.hasRole(minRole)) return <AccessDenied />;
  return <>{children}</>;
}
