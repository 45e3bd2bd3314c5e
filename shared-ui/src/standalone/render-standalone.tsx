import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, PageScroll, Route, Routes } from '@tdk/shared-ui/router';
import { PlatformProvider } from '../platform/platform-provider';

/**
 * Mounts one remote on its own for development, with the same platform providers the shell gives
 * it, under its base path, so a team can work on a section without running the others.
 */
export function renderStandalone(App: ComponentType, basePath: string) {
  const path = basePath === '/' ? '/*' : `${basePath.replace(/\/+$/, '')}/*`;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <PlatformProvider>
        <BrowserRouter>
          <PageScroll />
          <Routes>
            <Route path={path} element={<App />} />
          </Routes>
        </BrowserRouter>
      </PlatformProvider>
    </StrictMode>,
  );
}
