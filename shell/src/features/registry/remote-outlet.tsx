import { Component, lazy, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteEntry } from '@tdk/api/contract';
import { RemoteSlot, SectionUnavailable, Spinner } from '@tdk/shared-ui';
import { releaseFirstScreen } from './first-screen';
import { forgetRemote, loadRemoteApp, loadedRemoteApp } from './remote-loader';

interface BoundaryProps {
  remote: RemoteEntry;
  onRetry: () => void;
  children: ReactNode;
}

/** Keeps a remote that fails to load or throws while rendering inside its own section. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // A drawn page whose remote failed is React's now all the same.
    releaseFirstScreen(document.getElementById('root')!);
    // Loud on purpose: a share-scope mismatch or a broken deploy must be visible to operators.
    console.error(`[shell] remote "${this.props.remote.name}" failed`, error, info.componentStack);
  }

  render() {
    if (this.state.failed) {
      return (
        <SectionUnavailable
          onRetry={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

/** Once the remote's first render is on the page: over a drawn page, the drawing is hydrated whole. */
const releaseDrawnPage = () => releaseFirstScreen(document.getElementById('root')!);

export function RemoteOutlet({ remote }: { remote: RemoteEntry }) {
  const [attempt, setAttempt] = useState(0);
  // A new attempt (Retry) must make a new lazy component, or React would keep the failed one.
  // A remote loaded before the first render (bootstrap.tsx, over the page's first screen) renders
  // at once: a lazy one would show the spinner for a frame in place of the page.
  const RemoteApp = useMemo(
    () => loadedRemoteApp(remote) ?? lazy(() => loadRemoteApp(remote).then((App) => ({ default: App }))),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remote, attempt],
  );

  return (
    <RemoteErrorBoundary
      remote={remote}
      onRetry={() => {
        forgetRemote(remote);
        setAttempt((n) => n + 1);
      }}
    >
      <RemoteSlot name={remote.name} fallback={<Spinner label={`Loading ${remote.name}`} />} onCommit={releaseDrawnPage}>
        <RemoteApp />
      </RemoteSlot>
    </RemoteErrorBoundary>
  );
}
