import { nextTask } from './features/boot/next-task';

// The async boundary: shared singletons are negotiated before any of them is imported.
//
// Start-up in steps, each in a task of its own where it can be: the federation runtime's
// negotiation, then each big shared library as it arrives, then the shell. Evaluated in one go
// they held a phone's main thread for 150 ms and more at a time (Lighthouse's total blocking
// time), while the page the API drew was already on screen and could take input. The libraries
// are asked for at once, so they still load in parallel.
async function start() {
  await nextTask();
  const libraries = [
    import('react-dom/client'),
    import('styled-components'),
    import('@tanstack/react-query'),
    import('@tdk/shared-ui'),
  ];
  for (const library of libraries) {
    await library;
    await nextTask();
  }
  // The chunk is named so the build can preload it from index.html (tooling/rspack BootPreloadPlugin).
  await import(/* webpackChunkName: "bootstrap" */ './bootstrap');
}

void start();
