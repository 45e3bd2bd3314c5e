import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { takeOverFirstScreen } from './features/registry/first-screen';

const root = document.getElementById('root')!;

// Over a first screen the API drew (data-first-screen), React renders once the route's remote is
// loaded, so its first commit replaces the drawn page with the same page, not with a spinner.
// A transition, so that render yields to the browser every few milliseconds instead of holding the
// main thread for the whole page: the page is already on screen and can take input meanwhile.
void takeOverFirstScreen(root).then(() => {
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
