import { publicRemoteFor } from '@tdk/api/contract';
import { REMOTE_SLOT_SELECTOR, documentLanguage } from '@tdk/shared-ui';
import { registryInPage } from './registry-context';
import { loadRemoteAppFor } from './remote-loader';

/** The styles the API drew the first screen with; the remote brings its own once it renders. */
const FIRST_SCREEN_STYLE_SELECTOR = 'style[data-first-screen]';

/** Where an element sits in the remote's slot, as child indices: the same place in React's identical page. */
type DomPath = number[];

// Counted from the remote's slot, not #root: the drawn page may begin with hints React hoists
// to the head (an image preload) when it renders the same page.
const slotOf = (root: Element) => root.querySelector(REMOTE_SLOT_SELECTOR) ?? root;

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
type EarlyAction = { kind: 'press'; path: DomPath } | { kind: 'key'; path: DomPath; key: string };

interface EarlyInput {
  actions: EarlyAction[];
  values: Map<string, { path: DomPath; value: string }>;
  /** Where focus was on the drawn page when React took over (the element is gone with it). */
  focused(): DomPath | undefined;
  stop(): void;
}

// Keys a control acts on in script (a tab list's arrows); Enter and Space come as clicks.
const MOVING_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

let early: EarlyInput | undefined;

function watchEarlyInput(root: HTMLElement): EarlyInput {
  const actions: EarlyAction[] = [];
  let focusPath: DomPath | undefined;
  const values = new Map<string, { path: DomPath; value: string }>();
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest('button, [role="tab"], [role="button"], input[type="checkbox"], input[type="radio"]');
    if (!control || target?.closest('a[href]')) return;
    // A submit button on the drawn page would send its form natively; React's will do it properly.
    event.preventDefault();
    const path = pathOf(slotOf(root), control);
    if (path) actions.push({ kind: 'press', path });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!MOVING_KEYS.has(event.key) || !(event.target instanceof Element)) return;
    const path = pathOf(slotOf(root), event.target);
    if (path) actions.push({ kind: 'key', path, key: event.key });
  };
  const onFocusIn = (event: FocusEvent) => {
    focusPath = event.target instanceof Element ? pathOf(slotOf(root), event.target) : undefined;
  };
  // Focus that leaves the page for good is forgotten; focus lost because React replaced the
  // element (it is no longer in the document) is what the takeover gives back.
  const onFocusOut = (event: FocusEvent) => {
    const next = event.relatedTarget instanceof Node ? event.relatedTarget : null;
    if ((event.target as Node).isConnected && !(next && root.contains(next))) focusPath = undefined;
  };
  const onInput = (event: Event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    const path = pathOf(slotOf(root), field);
    if (path) values.set(path.join('.'), { path, value: field.value });
  };
  const onSubmit = (event: Event) => event.preventDefault();
  const listeners = [
    ['click', onClick],
    ['keydown', onKeyDown],
    ['focusin', onFocusIn],
    ['focusout', onFocusOut],
    ['input', onInput],
    ['submit', onSubmit],
  ] as [string, EventListener][];
  for (const [type, listener] of listeners) root.addEventListener(type, listener, true);
  return {
    actions,
    values,
    focused: () => focusPath,
    stop() {
      for (const [type, listener] of listeners) root.removeEventListener(type, listener, true);
    },
  };
}

/**
 * Waits, when the page came with a first screen drawn by the API, for the remote that drew it
 * (and whatever it preloads for the route), so React's first commit shows that same page. A remote
 * that fails to load is left to the outlet's error boundary. Meanwhile the page keeps what the
 * visitor taps and types (watchEarlyInput).
 */
export async function takeOverFirstScreen(root: HTMLElement): Promise<void> {
  const remotes = root.hasAttribute('data-first-screen') ? registryInPage() : null;
  if (!remotes) return;
  early = watchEarlyInput(root);
  const remote = publicRemoteFor(remotes, window.location.pathname);
  if (remote) await loadRemoteAppFor(remote, window.location.pathname, documentLanguage()).catch(() => undefined);
}

/**
 * Called once React's first commit has replaced the drawn page: stops keeping the visitor's input,
 * drops the drawn page's styles (the remote's own are in place) and the root's mark, so the page
 * says it is React's now.
 */
export function releaseFirstScreen(root: HTMLElement) {
  // From React's commit on, a tap is on React's own page: it is neither held back nor kept to be
  // done again (replayEarlyInput, which runs a little later, does what was kept before).
  early?.stop();
  document.querySelectorAll(FIRST_SCREEN_STYLE_SELECTOR).forEach((style) => style.remove());
  root.removeAttribute('data-first-screen');
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
  const { actions, values, focused } = early;
  early.stop();
  early = undefined;
  const slot = slotOf(root);
  // Focus first, where the visitor left it: a keyboard user carries on from the same place.
  const focusPath = focused();
  const focusTarget = focusPath && elementAt(slot, focusPath);
  if (focusTarget instanceof HTMLElement && (!document.activeElement || document.activeElement === document.body)) {
    focusTarget.focus();
  }
  for (const { path, value } of values.values()) {
    const field = elementAt(slot, path);
    if (field) typeInto(field, value);
  }
  for (const action of actions) {
    const control = elementAt(slot, action.path);
    if (!(control instanceof HTMLElement)) continue;
    if (action.kind === 'press') press(control);
    else {
      control.focus();
      control.dispatchEvent(new KeyboardEvent('keydown', { key: action.key, bubbles: true, cancelable: true }));
    }
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
