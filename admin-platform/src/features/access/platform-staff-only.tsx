import type { ReactNode } from 'react';
import type { PlatformRole } from '@tdk/api/contract';
import { useSession } from '@tdk/shared-ui';
import { AccessDenied } from '@tdk/shared-ui/admin';

/**
 * The section is the platform staff's: an organisation's member who reaches its address sees
 * Access Denied (the API answers them 403 on every /api/platform route anyway).
 */
export function PlatformStaffOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return session.user.platformRole ? <>{children}</> : <AccessDenied />;
}

/** The signed-in member's platform role, or null (platform admins change organisations; support reads). */
export function usePlatformRole(): PlatformRole | null {
  return useSession().user?.platformRole ?? null;
}
