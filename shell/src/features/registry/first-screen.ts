import { publicRemoteFor } from '@tdk/api/contract';
import { registryInPage } from './registry-context';
import { loadRemoteAppFor } from './remote-loader';

/** The styles the API drew the first screen with; the remote brings its own once it renders. */
export const FIRST_SCREEN_STYLE_SELECTOR = 'style[data-first-screen]';

/** Where an element sits in the remote's slot, as child indices: the same place in React's identical page. */
type DomPath = number[];

// Counted from the remote's slot, not #root: the drawn page may begin with hints React hoists
// to the head (an image preload) when it renders the same page.
const slotOf = (root: Element) => root.querySelector('[data-remote-slot]') ?? root;

function pathOf(root: Element, node: Element): DomPath | undefined {
  const path: DomPath = [];
  for (let at: Element | null = node; at && at !== root; at = at.parentElement) {
    if (!at.parentElement) return undefined;
    path.unshift(Array.prototype.indexOf.call(at.parentElement.children, at));
  }
  return path;
}

const elementAt = (root: Element, path: DomPath): Element | undefined =>
  path.reduce<Element | undefined>((at, index) => at?.children[index], root);

/**
 * What the visitor did on the drawn page before React took it over: a tap on a button and text
 * typed into a field, to be done again on React's page. A link needs nothing (it works as a link).
 */
interface EarlyInput {
  clicks: DomPath[];
  values: Map<string, { path: DomPath; value: string }>;
  stop(): void;
}

let early: EarlyInput | undefined;

function watchEarlyInput(root: HTMLElement): EarlyInput {
  const clicks: DomPath[] = [];
  const values = new Map<string, { path: DomPath; value: string }>();
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest('button, [role="tab"], [role="button"], input[type="checkbox"], input[type="radio"]');
    if (!control || target?.closest('a[href]')) return;
    // A submit button on the drawn page would send its form natively; React's will do it properly.
    event.preventDefault();
    const path = pathOf(slotOf(root), control);
    if (path) clicks.push(path);
  };
  const onInput = (event: Event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    const path = pathOf(slotOf(root), field);
    if (path) values.set(path.join('.'), { path, value: field.value });
  };
  const onSubmit = (event: Event) => event.preventDefault();
  root.addEventListener('click', onClick, true);
  root.addEventListener('input', onInput, true);
  root.addEventListener('submit', onSubmit, true);
  return {
    clicks,
    values,
    stop() {
      root.removeEventListener('click', onClick, true);
      root.removeEventListener('input', onInput, true);
      root.removeEventListener('submit', onSubmit, true);
    },
  };
}

/**
 * Waits, when the page came with a first screen drawn by the API, for the remote that drew it
 * (and whatever it preloads for the route), so React's first commit shows that same page. A remote
 * that fails to load is left to the outlet's error boundary. Meanwhile the page keeps what the
 * visitor taps and types (watchEarlyInput).
 */
export async function takeOverFirstScreen(root: HTMLElement, ids: { remotes: string }): Promise<void> {
  if (!root.hasAttribute('data-first-screen') || !document.getElementById(ids.remotes)) return;
  early = watchEarlyInput(root);
  const remote = publicRemoteFor(registryInPage() ?? [], window.location.pathname);
  if (remote) await loadRemoteAppFor(remote, window.location.pathname).catch(() => undefined);
}

/** Drops the first screen's styles; called once React's first commit has put the remote's own in place. */
export function releaseFirstScreenStyles() {
  document.querySelectorAll(FIRST_SCREEN_STYLE_SELECTOR).forEach((style) => style.remove());
}

/** Sets a field's value as typing would, so React's onChange sees it. */
function typeInto(field: Element, value: string) {
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** After React's first commit: does again on its page what the visitor did on the drawn one. */
export function replayEarlyInput(root: HTMLElement) {
  if (!early) return;
  const { clicks, values } = early;
  early.stop();
  early = undefined;
  const slot = slotOf(root);
  for (const { path, value } of values.values()) {
    const field = elementAt(slot, path);
    if (field) typeInto(field, value);
  }
  for (const path of clicks) {
    const control = elementAt(slot, path);
    if (control instanceof HTMLElement) press(control);
  }
}

/** A whole press, not only 'click': some controls (tabs) act on the pointer going down. */
function press(control: HTMLElement) {
  const init = { bubbles: true, cancelable: true, button: 0, composed: true };
  const Pointer = typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
  control.dispatchEvent(new Pointer('pointerdown', { ...init, pointerType: 'mouse' } as PointerEventInit));
  control.dispatchEvent(new MouseEvent('mousedown', init));
  control.focus();
  control.dispatchEvent(new Pointer('pointerup', { ...init, pointerType: 'mouse' } as PointerEventInit));
  control.dispatchEvent(new MouseEvent('mouseup', init));
  control.click();
}
