import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_IDS } from '@tdk/api/contract';
import { hasDrawnFirstScreen, releaseFirstScreen, takeOverFirstScreen } from './first-screen';
import { loadRemoteAppFor } from './remote-loader';

vi.mock('./remote-loader', () => ({ loadRemoteAppFor: vi.fn(async () => undefined), registerRemoteEntries: vi.fn() }));

const REGISTRY = [{ name: 'storefront', entry: '/remotes/storefront/mf-manifest.json', basePath: '/', nav: [] }];

function page({ drawn }: { drawn: boolean }) {
  const registry = document.createElement('script');
  registry.type = 'application/json';
  registry.id = FIRST_SCREEN_IDS.remotes;
  registry.textContent = JSON.stringify(REGISTRY);
  const style = document.createElement('style');
  style.setAttribute('data-first-screen', '');
  document.head.append(style);
  const root = document.createElement('div');
  root.id = 'root';
  if (drawn) root.setAttribute('data-first-screen', '');
  root.innerHTML = '<div data-remote-slot="storefront"><main><h1>Find your next sports event</h1></main></div>';
  document.body.append(registry, root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('data-language');
  vi.mocked(loadRemoteAppFor).mockClear();
});

describe('taking over the drawn first screen', () => {
  it('loads the route’s remote in the page’s language before React hydrates the drawing', async () => {
    document.documentElement.dataset.language = 'hi';
    const root = page({ drawn: true });
    expect(hasDrawnFirstScreen(root)).toBe(true);
    await takeOverFirstScreen(root);
    expect(loadRemoteAppFor).toHaveBeenCalledWith(expect.objectContaining({ name: 'storefront' }), '/', 'hi');
  });

  it('waits for nothing on a page the API did not draw', async () => {
    const root = page({ drawn: false });
    await takeOverFirstScreen(root);
    expect(loadRemoteAppFor).not.toHaveBeenCalled();
  });

  it('after the first commit keeps the drawn nodes and drops only the drawing’s styles and mark', () => {
    const root = page({ drawn: true });
    const heading = root.querySelector('h1');
    releaseFirstScreen(root);
    expect(root.querySelector('h1')).toBe(heading);
    expect(root.hasAttribute('data-first-screen')).toBe(false);
    expect(document.querySelectorAll('style[data-first-screen]')).toHaveLength(0);
  });
});
