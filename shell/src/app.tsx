import { useLayoutEffect } from 'react';
import { BrowserRouter, PageScroll } from '@tdk/shared-ui/router';
import { PlatformProvider, REMOTE_SLOT_SELECTOR } from '@tdk/shared-ui';
import { releaseFirstScreen } from './features/registry/first-screen';
import { RegistryProvider } from './features/registry/registry-context';
import { ShellRoutes } from './features/routing/shell-routes';

export function App() {
  // The first commit: a page without a remote in it (the 404 of an unknown path, the console) is
  // React's now. Over a remote, the drawing is React's once the remote's part is hydrated too
  // (React hydrates it after the rest): RemoteOutlet releases it then.
  useLayoutEffect(() => {
    const root = document.getElementById('root')!;
    if (!root.querySelector(REMOTE_SLOT_SELECTOR)) releaseFirstScreen(root);
  }, []);
  return (
    <PlatformProvider>
      <BrowserRouter>
        <PageScroll />
        <RegistryProvider>
          <ShellRoutes />
        </RegistryProvider>
      </BrowserRouter>
    </PlatformProvider>
  );
}
