import { createContext, useContext, useEffect, useState, type ReactNode, type RefObject } from 'react';

/**
 * Whether the home hero's search box is on screen: while it is, the header's own search box steps
 * aside, so a visitor sees one search box at a time (issue 27). On any other page, and on the
 * server's drawing of home, the answer is as first drawn: the hero's box is at the top of home.
 */
const HeroSearchContext = createContext<{ inView: boolean; setInView: (inView: boolean) => void }>({
  inView: false,
  setInView: () => undefined,
});

export function HeroSearchProvider({ children }: { children: ReactNode }) {
  const [inView, setInView] = useState(true);
  return <HeroSearchContext.Provider value={{ inView, setInView }}>{children}</HeroSearchContext.Provider>;
}

/** True while the home hero's search box is on screen. */
export const useHeroSearchInView = () => useContext(HeroSearchContext).inView;

/** Reports whether `box` (the hero's search form) is on screen; on leaving, it is not. */
export function useReportHeroSearch(box: RefObject<HTMLElement | null>) {
  const { setInView } = useContext(HeroSearchContext);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(Boolean(entry?.isIntersecting)));
    observer.observe(element);
    return () => {
      observer.disconnect();
      setInView(false);
    };
  }, [box, setInView]);
}
