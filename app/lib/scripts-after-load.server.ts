/**
 * The first-load scripts start after the window's `load` event (ADR 0068).
 *
 * React Router writes one `<link rel="modulepreload">` per module of the page (React hoists them
 * into the head) and, at the end of the body, an async module script that imports the route
 * modules and the client entry. The browser fetches all of them at once with the document, so
 * on a slow phone about 120 KB of JavaScript shares the connection with the document, the fonts
 * and the image that is the page's largest paint, and Lighthouse's simulated LCP counts all of
 * it. In a page sent whole, the preloads are taken out and the module script is made inert
 * (`type="text/x-module"`); a few lines added to React Router's context script (which runs
 * first) bring both back when the page has loaded and painted: the preloads, then the module script with
 * the page's nonce. React Router then hydrates the page as before (`app/entry.client.tsx`).
 * The page works without scripts until then (forms are plain forms), and input typed before
 * hydration is kept (`~/lib/adopt-early-input`).
 */
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_OPEN = ' type="module" async="">';
const INERT_TYPE = 'text/x-module';
const CONTEXT = '<script nonce="';
const CONTEXT_START = 'window.__reactRouterContext = ';

/**
 * The boot: once the page has loaded and painted its largest element (the first
 * largest-contentful-paint entry, then one frame more), the preloads and the module script come
 * back. A hidden tab paints nothing (and runs no animation frames): there the load event is
 * enough. The page is never left waiting long for interactivity: the scripts start at once when
 * the visitor first touches, clicks, types or focuses a field (a person about to use the page
 * needs it hydrated; Lighthouse never does this), 1.5 s after the paint if `load` is held up by a
 * slow image, 2 s after `load` if no paint was seen, and 5 s after the boot in any case.
 */
export function bootScript(hrefs: readonly string[]): string {
  return (
    ';(function(){var d=document,w=window,n=d.currentScript.nonce,done=0,painted=d.visibilityState=="hidden",loaded=0,h=' +
    JSON.stringify(hrefs).replace(/</g, '\\u003c') +
    ';function go(){if(done)return;done=1;h.forEach(function(u){var l=d.createElement("link");' +
    'l.rel="modulepreload";l.href=u;d.head.appendChild(l)});' +
    `var m=d.querySelector('script[type="${INERT_TYPE}"]');if(!m)return;` +
    'var s=d.createElement("script");s.type="module";s.async=true;s.nonce=n;s.textContent=m.textContent;m.replaceWith(s)}' +
    'function next(){if(loaded&&painted)d.hidden?go():requestAnimationFrame(function(){setTimeout(go,0)})}' +
    'try{new PerformanceObserver(function(){if(!painted){painted=1;next();setTimeout(go,1500)}}).observe({type:"largest-contentful-paint",buffered:true})}catch(e){painted=1}' +
    'function onload(){loaded=1;next();setTimeout(go,2000)}' +
    'd.readyState=="complete"?onload():w.addEventListener("load",onload);' +
    '["pointerdown","touchstart","keydown","focusin"].forEach(function(e){d.addEventListener(e,go,{capture:true,once:true,passive:true})});' +
    'setTimeout(go,5000)})();'
  );
}

/**
 * The page with its scripts deferred to `load`, or the page unchanged when it is not the shape
 * React Router writes (no module script, or no context script before it).
 */
export function scriptsAfterLoad(html: string): string {
  const moduleAt = html.indexOf(MODULE_OPEN);
  if (moduleAt < 0) return html;
  const contextAt = html.lastIndexOf(CONTEXT_START, moduleAt);
  const contextEnd = contextAt < 0 ? -1 : html.indexOf('</script>', contextAt);
  if (contextEnd < 0 || contextEnd > moduleAt) return html;
  if (html.lastIndexOf(CONTEXT, contextAt) < 0) return html;
  const hrefs: string[] = [];
  const head = html.slice(0, contextAt).replace(PRELOAD, (_link, href: string) => {
    hrefs.push(href);
    return '';
  });
  return (
    head +
    html.slice(contextAt, contextEnd) +
    bootScript(hrefs) +
    html.slice(contextEnd, moduleAt) +
    ` type="${INERT_TYPE}">` +
    html.slice(moduleAt + MODULE_OPEN.length)
  );
}
