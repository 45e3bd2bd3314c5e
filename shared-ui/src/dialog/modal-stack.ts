// Module-level bookkeeping shared by every open dialog on the page. shared-ui is a federated
// singleton, so a dialog opened by a remote and one opened by the shell see the same stack.

interface Entry {
  id: symbol;
  /** Nesting depth in the React tree: a dialog rendered inside another is deeper. */
  depth: number;
  seq: number;
}

const stack: Entry[] = [];
let seq = 0;

// Depth decides first because React runs a child's effects before its parent's: when a page
// renders a dialog and a nested one in the same commit, the nested one registers first.
export function pushModal(id: symbol, depth: number): void {
  stack.push({ id, depth, seq: (seq += 1) });
}

export function removeModal(id: symbol): void {
  const index = stack.findIndex((entry) => entry.id === id);
  if (index !== -1) stack.splice(index, 1);
}

/** Only the topmost dialog reacts to Escape and traps Tab. */
export function isTopModal(id: symbol): boolean {
  let top: Entry | undefined;
  for (const entry of stack) {
    if (!top || entry.depth > top.depth || (entry.depth === top.depth && entry.seq > top.seq)) top = entry;
  }
  return top?.id === id;
}

let lockCount = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

/** Locks page scroll while any dialog is open; nested dialogs share one lock. */
export function lockBodyScroll(): () => void {
  if (typeof document === 'undefined') return () => {};
  const body = document.body;
  if (lockCount === 0) {
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // Keep the layout from jumping sideways when the scrollbar disappears.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    if (scrollbar > 0) {
      const current = parseFloat(getComputedStyle(body).paddingRight) || 0;
      body.style.paddingRight = `${current + scrollbar}px`;
    }
    body.style.overflow = 'hidden';
  }
  lockCount += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    lockCount -= 1;
    if (lockCount === 0 && saved) {
      body.style.overflow = saved.overflow;
      body.style.paddingRight = saved.paddingRight;
      saved = null;
    }
  };
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function getFocusable(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('disabled') && el.getAttribute('aria-hidden') !== 'true' && !el.closest('[inert]'),
  );
}
