import { BrowserRouter } from 'react-router-dom';
import { PlatformProvider } from '@tdk/shared-ui';
import { RegistryProvider } from './features/registry/registry-context';
import { ShellRoutes } from './features/routing/shell-routes';

export function App() {
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
