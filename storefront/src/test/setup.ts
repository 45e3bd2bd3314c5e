import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  // A file that runs as the server does (Node, no document) has no storage to clear.
  if (typeof window !== 'undefined') window.localStorage.clear();
});
