import type { ReactNode } from 'react';
import type { Role } from '@tdk/api/contract';
import { Spinner, useSession } from '@tdk/shared-ui';
import { AccessDenied } from '../layout/access-denied';

export interface RequireRoleProps {
  minRole: Role;
  children: ReactNode;
  /** Shown to a signed-in user below `minRole`; default <AccessDenied/>. */
  fallback?: ReactNode;
  /** Shown when nobody is signed in; default the same as `fallback`. The shell's route guard
   * normally redirects to /login before this is reached. */
  signedOutFallback?: ReactNode;
}

/**
 * Renders its children only for staff of at least `minRole` (SPEC.md section 6), for a page or
 * a part of one inside a remote. It does not redirect; the shell's guard owns /login.
 */
export function RequireRole({ minRole, children, fallback, signedOutFallback }: RequireRoleProps) {
  const session = useSession();
  if (session.status === 'loading') return <Spinner centered label="Checking your access…" />;
  if (session.status === 'signed-out') return <>{signedOutFallback ?? fallback ?? <AccessDenied />}</>;
  return <>{session.hasRole(minRole) ? children : (fallback ?? <AccessDenied />)}</>;
}
