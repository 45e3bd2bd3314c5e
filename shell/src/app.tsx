import { BrowserRouter } from 'react-router-dom';
import { PlatformProvider } from '@tdk/shared-ui';
import { RegistryProvider } from './features/registry/registry-context';
import { PublicTitle } from './features/routing/public-title';
import { ShellRoutes } from './features/routing/shell-routes';

export function App() {
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
