import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadStorefrontEnglish } from '../features/i18n';

// Screens are tested alone, in English: the storefront's English messages are fetched as a page in
// English has them before it draws (prepareFirstScreen, StorefrontApp).
await loadStorefrontEnglish();

afterEach(() => {
  cleanup();
  // A file that runs as the server does (Node, no document) has no storage to clear.
  if (typeof window !== 'undefined') window.localStorage.clear();
});
