import { lazy, Suspense, type ReactNode, type RefObject } from 'react';

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl' | 'full';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, backdrop click and the close button. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons row pinned under the scrolling body. */
  footer?: ReactNode;
  size?: DialogSize;
  children?: ReactNode;
  /** Element to focus on open; default is the first focusable element of the body or footer. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Default true. */
  closeOnBackdropClick?: boolean;
  /** Hide the × button in the header (the dialog must then offer another way out). */
  hideCloseButton?: boolean;
  /** 'alertdialog' for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** Extra header content to the left of the × button, e.g. the ticket's Download PDF. */
  headerActions?: ReactNode;
  className?: string;
}

// Radix (focus scope, dismissable layers, scroll lock, hiding the page from assistive technology)
// is about 14 KB compressed. Every dialog opens on a user action, so it is fetched on the first
// opening instead of weighing on the first load of every page (see docs/decisions/006).
const loadDialogPanel = () => import('./dialog-panel');
const DialogPanel = lazy(loadDialogPanel);

/** Fetches the dialog code ahead of the first opening, e.g. when a page with dialogs goes idle. */
export function preloadDialog(): void {
  void loadDialogPanel();
}

/**
 * An accessible modal (WAI-ARIA dialog pattern, built on Radix): rendered into document.body,
 * labelled by its title; focus moves in on open, stays inside while open and returns to what
 * opened it on close; the rest of the page is hidden from assistive technology and cannot be
 * clicked; Escape and a backdrop click close it; the page behind does not scroll. Nested dialogs
 * work: only the topmost one reacts to Escape and outside clicks.
 */
export function Dialog(props: DialogProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return (
    <Suspense fallback={null}>
      <DialogPanel {...props} />
    </Suspense>
  );
}
