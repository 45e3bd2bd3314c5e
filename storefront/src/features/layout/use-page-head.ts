import { useEffect } from 'react';

/**
 * A page's own title and meta description, the words the API wrote into the page it served
 * (html/first-screen.ts), kept when the visitor arrives here in the browser or changes language.
 * Set after the shell's own title for a public page (a parent's effect runs after this one), and
 * the shell's description put back on leaving.
 */
export function usePageHead(head: { title: string; description: string } | undefined) {
  const title = head?.title;
  const description = head?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    // The shell's description: kept aside by the API over a page it served (data-shell-content).
    if (meta && meta.dataset.shellContent === undefined) meta.dataset.shellContent = meta.content;
    const timer = setTimeout(() => {
      document.title = title;
      meta?.setAttribute('content', description);
    }, 0);
    return () => {
      clearTimeout(timer);
      if (meta?.dataset.shellContent !== undefined) meta.setAttribute('content', meta.dataset.shellContent);
    };
  }, [title, description]);
}
