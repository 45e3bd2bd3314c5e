import { lazy, type ComponentType } from 'react';

export interface Preloadable<P extends object> {
  Component: ComponentType<P>;
  /** Loads the module now; once loaded, Component renders without suspending. */
  preload: () => Promise<void>;
  /** Whether the module is loaded (Component will not suspend). */
  loaded: () => boolean;
}

/**
 * React.lazy that renders a module already loaded without suspending. A page drawn by the API is
 * taken over by React's first commit (decision 016); a lazy route would put its skeleton there for
 * a moment, in place of the page the visitor was already looking at.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let Loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const loadOnce = () =>
    (pending ??= load().then(
      (component) => (Loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  function Component(props: P) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Component, preload: () => loadOnce().then(() => undefined), loaded: () => Loaded !== undefined };
}
