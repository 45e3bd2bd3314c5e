import { Suspense, useLayoutEffect, type ReactNode } from 'react';

/** Calls `onCommit` once its children are on the page: inside a Suspense boundary, when they are. */
function Committed({ onCommit, children }: { onCommit?: () => void; children: ReactNode }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the first commit
  useLayoutEffect(() => onCommit?.(), []);
  return children;
}

/**
 * The element a remote renders in, inside its Suspense boundary, in the shell's outlet and in the
 * page the API draws alike: React hydrates the drawn page (issue 26), which needs the same tree in
 * both, boundaries included. `onCommit`: the remote's first render is on the page (React hydrates
 * a boundary's content after the rest, so the shell's own first commit is too early to tell).
 */
export function RemoteSlot({
  name,
  children,
  fallback = null,
  onCommit,
}: {
  name: string;
  children: ReactNode;
  fallback?: ReactNode;
  onCommit?: () => void;
}) {
  return (
    <Suspense fallback={fallback}>
      <Committed onCommit={onCommit}>
        <div data-remote-slot={name}>{children}</div>
      </Committed>
    </Suspense>
  );
}

export const REMOTE_SLOT_SELECTOR = '[data-remote-slot]';

/** Whether React is still taking over the page the API drew (its first render must match the drawing). */
export const isHydratingDrawnPage = (): boolean =>
  typeof document !== 'undefined' && document.querySelector('#root[data-first-screen]') !== null;
