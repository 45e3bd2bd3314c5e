import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_IDS } from '@tdk/api/contract';
import { releaseFirstScreen, replayEarlyInput, takeOverFirstScreen } from './first-screen';

vi.mock('./remote-loader', () => ({ loadRemoteAppFor: vi.fn(async () => undefined), registerRemoteEntries: vi.fn() }));

const PAGE = `<link rel="preload" as="image" href="/x.svg"><div data-remote-slot="storefront"><main>
  <div role="tablist"><button role="tab">Details</button><button role="tab">Tickets</button></div>
  <form><label>Name <input name="name"></label><button type="submit">Register</button></form>
  <a href="/events">All events</a></main></div>`;

function drawnPage() {
  const registry = document.createElement('script');
  registry.type = 'application/json';
  registry.id = FIRST_SCREEN_IDS.remotes;
  registry.textContent = '[]';
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute('data-first-screen', '');
  root.innerHTML = PAGE;
  document.body.append(registry, root);
  return root;
}

/** React's first commit: the same page, new elements (and no hoisted hint), with handlers. */
function takeOver(root: HTMLElement) {
  root.innerHTML = PAGE.replace(/^<link[^>]*>/, '');
  const seen: string[] = [];
  root.querySelectorAll('button').forEach((button) => {
    button.addEventListener('mousedown', () => seen.push(`down ${button.textContent}`));
    button.addEventListener('click', () => seen.push(`click ${button.textContent}`));
  });
  root.querySelector('form')!.addEventListener('submit', (event) => event.preventDefault());
  root
    .querySelector('input')!
    .addEventListener('input', (event) => seen.push(`typed ${(event.target as HTMLInputElement).value}`));
  return seen;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('taps and typing on the drawn page', () => {
  it('are done again on React’s page, at the same place, once it takes over', async () => {
    const root = drawnPage();
    await takeOverFirstScreen(root);
    const input = root.querySelector('input')!;
    input.value = 'Meera';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    root.querySelectorAll<HTMLButtonElement>('[role="tab"]')[1]!.click();

    const seen = takeOver(root);
    replayEarlyInput(root);
    expect(seen).toEqual(['typed Meera', 'down Tickets', 'click Tickets']);
    expect(root.querySelector('input')!.value).toBe('Meera');
  });

  it('leaves a tap on React’s page alone once it has taken over, before the replay', async () => {
    const root = drawnPage();
    await takeOverFirstScreen(root);
    const seen = takeOver(root);
    releaseFirstScreen(root);
    root.querySelectorAll<HTMLButtonElement>('[role="tab"]')[1]!.click();
    replayEarlyInput(root);
    expect(seen).toEqual(['click Tickets']);
  });

  it('gives focus back where the keyboard left it, and replays a tab list’s arrow keys', async () => {
    const root = drawnPage();
    await takeOverFirstScreen(root);
    const details = root.querySelector<HTMLButtonElement>('[role="tab"]')!;
    details.focus();
    details.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    details.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));

    const seen = takeOver(root);
    const keys: string[] = [];
    root.querySelector('[role="tablist"]')!.addEventListener('keydown', (event) => keys.push((event as KeyboardEvent).key));
    replayEarlyInput(root);
    expect(keys).toEqual(['ArrowRight']);
    expect(document.activeElement?.textContent).toBe('Details');
    expect(seen).toEqual([]);
  });

  it('does not send the drawn form natively, and leaves links alone', async () => {
    const root = drawnPage();
    await takeOverFirstScreen(root);
    const submit = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector<HTMLButtonElement>('button[type="submit"]')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    // Whether the link would still be followed, read as the click leaves the page (jsdom cannot navigate).
    let followed: boolean | undefined;
    const readLink = (event: Event) => {
      followed = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', readLink);
    root.querySelector('a')!.click();
    document.removeEventListener('click', readLink);
    expect(followed).toBe(true);

    const seen = takeOver(root);
    replayEarlyInput(root);
    expect(seen).toEqual(['down Register', 'click Register']);
  });

  it('watches nothing on a page the API did not draw', async () => {
    const root = drawnPage();
    root.removeAttribute('data-first-screen');
    await takeOverFirstScreen(root);
    root.querySelectorAll<HTMLButtonElement>('[role="tab"]')[1]!.click();
    const seen = takeOver(root);
    replayEarlyInput(root);
    expect(seen).toEqual([]);
  });
});
