import { publicRemoteFor } from '@tdk/api/contract';
import { documentLanguage } from '@tdk/shared-ui';
import { registryInPage } from './registry-context';
import { loadRemoteAppFor } from './remote-loader';

/** The styles the API drew the first screen with; the remote's own (the same rules) are in once React has it. */
const FIRST_SCREEN_STYLE_SELECTOR = 'style[data-first-screen]';

/** Whether the page came with a first screen drawn by the API (decision 016), for React to hydrate. */
export const hasDrawnFirstScreen = (root: HTMLElement) => root.hasAttribute('data-first-screen');

/**
 * Waits, when the page came with a first screen drawn by the API, for the remote that drew it (and
 * what it renders at this path, in the page's language), so React's first render is that very page
 * and hydrates it (issue 26). A remote that fails to load is left to the outlet's error boundary.
 * React replays what the visitor taps meanwhile on the parts it has hydrated.
 */
export async function takeOverFirstScreen(root: HTMLElement): Promise<void> {
  const remotes = hasDrawnFirstScreen(root) ? registryInPage() : null;
  if (!remotes) return;
  const remote = publicRemoteFor(remotes, window.location.pathname);
  if (remote) await loadRemoteAppFor(remote, window.location.pathname, documentLanguage()).catch(() => undefined);
}

/**
 * Called once React's first commit has hydrated the drawn page: drops the drawn page's styles (the
 * remote's own, with the same class names, are in place) and the root's mark, so the page says it
 * is React's now.
 */
export function releaseFirstScreen(root: HTMLElement) {
  document.querySelectorAll(FIRST_SCREEN_STYLE_SELECTOR).forEach((style) => style.remove());
  root.removeAttribute('data-first-screen');
}
