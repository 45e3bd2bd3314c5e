import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@tdk/shared-ui/router';
import type { Role } from '@tdk/api/contract';
import { RequireRole } from '@tdk/shared-ui/admin';

/**
 * The route guard of SPEC.md section 6: shared-ui's RequireRole, plus the shell's one job of
 * sending a signed-out visitor to /login and back. It only decides what the browser shows; the
 * API enforces the same matrix on every request.
 */
export function RequireStaffRole({ minRole, children }: { minRole: Role; children: ReactNode }) {
  const location = useLocation();
  const from = `${location.pathname}${location.search}${location.hash}`;
  return (
    <RequireRole minRole={minRole} signedOutFallback={<Navigate to={`/login?from=${encodeURIComponent(from)}`} replace />}>
      {children}
    </RequireRole>
  );
}
