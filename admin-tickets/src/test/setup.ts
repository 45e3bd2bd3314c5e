import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A screen's lazy parts (a dialog's chunk, a form's schema) can take over the 1 s that findBy waits
// by default when two test files share two busy cores: wait up to 5 s. It ends a wait, it times nothing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
