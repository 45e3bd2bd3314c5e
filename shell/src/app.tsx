import { useEffect, useLayoutEffect } from 'react';
import { BrowserRouter } from '@tdk/shared-ui/router';
import { PlatformProvider } from '@tdk/shared-ui';
import { releaseFirstScreen, replayEarlyInput } from './features/registry/first-screen';
import { RegistryProvider } from './features/registry/registry-context';
import { PublicTitle } from './features/routing/public-title';
import { ShellRoutes } from './features/routing/shell-routes';

export function App() {
  // The first commit has replaced the page the API drew, styles included (first-screen.ts).
  useLayoutEffect(() => releaseFirstScreen(document.getElementById('root')!), []);
  // Once it is on screen and live: what the visitor tapped or typed on the drawn page meanwhile.
  useEffect(() => replayEarlyInput(document.getElementById('root')!), []);
  return (
    <PlatformProvider>
      <BrowserRouter>
        <PublicTitle />
        <RegistryProvider>
          <ShellRoutes />
        </RegistryProvider>
      </BrowserRouter>
    </PlatformProvider>
  );
}
