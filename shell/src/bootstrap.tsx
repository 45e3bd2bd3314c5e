import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { hasDrawnFirstScreen, takeOverFirstScreen } from './features/registry/first-screen';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Over a first screen the API drew (data-first-screen), React hydrates it once the route's remote
// is loaded: the server's nodes stay, their class names are the browser build's own (issue 26), and
// the largest paint is the first. A mismatch is reported, and React then draws that part itself.
void takeOverFirstScreen(root).then(() => {
  if (hasDrawnFirstScreen(root)) {
    // In a transition too: React hydrates in slices of a few milliseconds, yielding to the browser
    // between them, instead of one task that holds a phone's main thread (Lighthouse's total
    // blocking time); a tap on a part not yet hydrated hydrates that part first.
    startTransition(() => {
      hydrateRoot(root, app, {
        // What went wrong is the error's cause when React wraps it (a render that threw, then recovered).
        onRecoverableError: (error) =>
          console.error('[first-screen] hydration did not match the drawn page', error, (error as { cause?: unknown })?.cause),
      });
    });
    return;
  }
  const reactRoot = createRoot(root);
  // A transition, so the render yields to the browser every few milliseconds.
  startTransition(() => reactRoot.render(app));
});
