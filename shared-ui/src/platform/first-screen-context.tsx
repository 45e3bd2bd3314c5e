import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { firstScreenRequestKey } from '@tdk/api/contract';
import { peekFirstScreenResponse } from './first-screen';

// The answers a server drawing is made with (decision 016), through React context: one drawing's
// answers are never another's, even if two were drawn at once. Without a provider (the browser)
// a query reads the answers written into the page (first-screen.ts).
const FirstScreenContext = createContext<ReadonlyMap<string, unknown> | null>(null);

export function FirstScreenResponsesProvider({
  responses,
  children,
}: {
  responses: Record<string, unknown>;
  children: ReactNode;
}) {
  const map = useMemo(() => new Map(Object.entries(responses)), [responses]);
  return <FirstScreenContext.Provider value={map}>{children}</FirstScreenContext.Provider>;
}

/** Reads the first screen's answer to GET `url`: the drawing's own on the server, the page's in the browser. */
export function useFirstScreenResponse(): (url: string) => unknown {
  const drawing = useContext(FirstScreenContext);
  return useCallback(
    (url: string) => (drawing ? drawing.get(firstScreenRequestKey(url)) : peekFirstScreenResponse(url)),
    [drawing],
  );
}
