import { publicRemoteFor } from '@tdk/api/contract';
import { registryInPage } from './registry-context';
import { loadRemoteAppFor } from './remote-loader';

/** The styles the API drew the first screen with; the remote brings its own once it renders. */
export const FIRST_SCREEN_STYLE_SELECTOR = 'style[data-first-screen]';

/**
 * Waits, when the page came with a first screen drawn by the API, for the remote that drew it
 * (and whatever it preloads for the route), so React's first commit shows that same page. A remote
 * that fails to load is left to the outlet's error boundary.
 */
export async function takeOverFirstScreen(root: HTMLElement, ids: { remotes: string }): Promise<void> {
  if (!root.hasAttribute('data-first-screen') || !document.getElementById(ids.remotes)) return;
  const remote = publicRemoteFor(registryInPage() ?? [], window.location.pathname);
  if (remote) await loadRemoteAppFor(remote, window.location.pathname).catch(() => undefined);
}

/** Drops the first screen's styles; called once React's first commit has put the remote's own in place. */
export function releaseFirstScreenStyles() {
  document.querySelectorAll(FIRST_SCREEN_STYLE_SELECTOR).forEach((style) => style.remove());
}
