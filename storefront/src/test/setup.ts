import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A screen's lazy parts (a dialog's chunk, a form's schema) can take over the 1 s that findBy waits
// by default when two test files share two busy cores: wait up to 5 s. It ends a wait, it times nothing.
configure({ asyncUtilTimeout: 5_000 });
import { loadStorefrontEnglish } from '../features/i18n';

// Screens are tested alone, in English: the storefront's English messages are fetched as a page in
// English has them before it draws (prepareFirstScreen, StorefrontApp).
await loadStorefrontEnglish();

afterEach(() => {
  cleanup();
  // A file that runs as the server does (Node, no document) has no storage to clear.
  if (typeof window !== 'undefined') window.localStorage.clear();
});
