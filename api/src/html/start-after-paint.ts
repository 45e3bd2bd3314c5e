// The shell's scripts start after a drawn page's first paint (decision 019, "Largest paint at
// first paint"). The page the API drew is whole without them (links work, the drawn page is the
// page), so nothing is lost by starting them a frame later; started by the parser (`defer`), they
// ran before the browser painted, and Lighthouse's simulated phone counts every script that ran
// before the largest paint as needed for it, which put the shell's 24 KB between the HTML and the
// LCP. The preloads of the route's remote still go out with the page; only the shell's entry and
// the manifest's fetch wait for the frame.
import { createHash } from 'node:crypto';
import { escapeHtml } from './escape';

/**
 * The one inline script of the platform, allowed by its hash in the CSP (http/security-headers.ts).
 * Once the browser reports the first contentful paint (or after the next frame where paint timing
 * is missing), it switches on the styles its element names (`media="not all"` until then), asks for
 * the fonts and fetches it names, and adds its scripts in order. A tab in the background paints
 * nothing, so a timer starts them anyway.
 */
export const START_AFTER_PAINT_SCRIPT =
  '(function(t){var d=document,w=window,P=w.PerformanceObserver,n=0;' +
  'function a(k,f){(t.getAttribute(k)||"").split(" ").forEach(function(h){if(h)f(h)})}' +
  'function p(h,as){var l=d.createElement("link");l.rel="preload";l.as=as;l.crossOrigin="anonymous";l.href=h;d.head.appendChild(l)}' +
  'function go(){if(n++)return;a("data-styles",function(i){var e=d.getElementById(i);if(e)e.media="all"});' +
  'a("data-fonts",function(h){p(h,"font")});a("data-fetches",function(h){p(h,"fetch")});' +
  'a("data-scripts",function(h){var s=d.createElement("script");s.src=h;s.async=false;d.head.appendChild(s)})}' +
  'if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)new P(function(l,o){' +
  'if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go,0)}}).observe({type:"paint",buffered:true});' +
  'else w.requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})(document.currentScript)';

/** The CSP source that allows START_AFTER_PAINT_SCRIPT and nothing else inline. */
export const START_AFTER_PAINT_CSP_SOURCE = `'sha256-${createHash('sha256').update(START_AFTER_PAINT_SCRIPT).digest('base64')}'`;

const DEFERRED_SCRIPT = /<script defer src="([^"]+)"><\/script>/g;

export interface AfterFirstPaint {
  /** URLs fetched with CORS, as the federation runtime fetches a manifest. */
  fetches?: readonly string[];
  /** WOFF2 fonts to ask for. */
  fonts?: readonly string[];
  /** Ids of `<style media="not all">` elements to switch on. */
  styles?: readonly string[];
}

/**
 * A page whose parser-started scripts (`<script defer src>`) start after its first paint instead,
 * with what `later` names switched on and asked for at the same moment. A page with none of them is
 * returned as it is.
 */
export function startAfterFirstPaint(html: string, later: AfterFirstPaint = {}): string {
  const scripts: string[] = [];
  const page = html.replace(DEFERRED_SCRIPT, (_tag, src: string) => {
    scripts.push(src);
    return '';
  });
  if (!scripts.length && !later.fetches?.length && !later.fonts?.length && !later.styles?.length) return html;
  const attribute = (name: string, values: readonly string[] = []) =>
    values.length ? ` data-${name}="${escapeHtml(values.join(' '))}"` : '';
  const attributes =
    attribute('scripts', scripts) +
    attribute('fetches', later.fetches) +
    attribute('fonts', later.fonts) +
    attribute('styles', later.styles);
  return page.replace('</body>', () => `<script${attributes}>${START_AFTER_PAINT_SCRIPT}</script></body>`);
}
