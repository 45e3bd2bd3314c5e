import { Suspense, type ReactNode } from 'react';

/**
 * The element a remote renders in, inside its Suspense boundary, in the shell's outlet and in the
 * page the API draws alike: React hydrates the drawn page (issue 26), which needs the same tree in
 * both, boundaries included.
 */
export function RemoteSlot({ name, children, fallback = null }: { name: string; children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <div data-remote-slot={name}>{children}</div>
    </Suspense>
  );
}

export const REMOTE_SLOT_SELECTOR = '[data-remote-slot]';

/** Whether React is still taking over the page the API drew (its first render must match the drawing). */
export const isHydratingDrawnPage = (): boolean =>
  typeof document !== 'undefined' && document.querySelector('#root[data-first-screen]') !== null;
