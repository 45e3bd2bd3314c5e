import type { ReactNode } from 'react';

/**
 * The element a remote renders in, in the shell's outlet and in the page the API draws alike, so
 * the drawn page and React's have the same shape: the takeover finds an element on React's page
 * by its place counted from here (shell first-screen.ts).
 */
export function RemoteSlot({ name, children }: { name: string; children: ReactNode }) {
  return <div data-remote-slot={name}>{children}</div>;
}

export const REMOTE_SLOT_SELECTOR = '[data-remote-slot]';
