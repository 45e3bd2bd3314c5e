import { useLayoutEffect } from 'react';
import { BrowserRouter } from '@tdk/shared-ui/router';
import { PlatformProvider } from '@tdk/shared-ui';
import { releaseFirstScreen } from './features/registry/first-screen';
import { RegistryProvider } from './features/registry/registry-context';
import { ShellRoutes } from './features/routing/shell-routes';

export function App() {
  // The first commit has hydrated the page the API drew: its styles and mark can go (first-screen.ts).
  useLayoutEffect(() => releaseFirstScreen(document.getElementById('root')!), []);
  return (
    <PlatformProvider>
      <BrowserRouter>
        <RegistryProvider>
          <ShellRoutes />
        </RegistryProvider>
      </BrowserRouter>
    </PlatformProvider>
  );
}
