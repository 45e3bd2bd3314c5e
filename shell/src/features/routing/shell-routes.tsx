import { Route, Routes } from 'react-router-dom';
import type { RemoteEntry } from '@tdk/api/contract';
import { NotFoundPage } from '@tdk/shared-ui';
import { useRemotes } from '../registry/registry-context';
import { RemoteOutlet } from '../registry/remote-outlet';
import { AdminLayout } from '../admin-layout/admin-layout';
import { LoginPage } from '../login/login-page';
import { ADMIN_BASE, isAdminRemote, publicRoutePath } from './route-paths';

/**
 * The route table of SPEC.md section 2, composed from the registry: each remote owns everything
 * under its base path and declares its own relative routes (and its own 404 for unknown children).
 */
export function ShellRoutes() {
  const remotes = useRemotes();
  const adminRemotes = remotes.filter(isAdminRemote);
  const publicRemotes = remotes.filter((remote) => !isAdminRemote(remote));

  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path={`${ADMIN_BASE}/*`} element={<AdminLayout remotes={adminRemotes} />} />
      {publicRemotes.map((remote: RemoteEntry) => (
        <Route key={remote.name} path={publicRoutePath(remote)} element={<RemoteOutlet key={remote.name} remote={remote} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
