import { describe, expect, it } from 'vitest';
import { bootScript, scriptsAfterLoad } from './scripts-after-load.server';

// The shape React Router 7 writes (React hoists the preloads into the head).
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="NONCE"/>',
  '<link rel="modulepreload" href="/assets/shell-B.js" nonce="NONCE"/>',
  '<style id="app-css">body{margin:0}</style></head><body><main>Hello</main>',
  '<script nonce="NONCE">window.__reactRouterContext = {"ssr":true};</script>',
  '<script nonce="NONCE" type="module" async="">import "/assets/shell-B.js";',
  'import * as route0 from "/assets/root-C.js";',
  'import("/assets/entry.client-A.js");</script>',
  '<script nonce="NONCE">window.__reactRouterContext.streamController.enqueue("[]");</script>',
  '</body></html>',
].join('');

describe('scriptsAfterLoad', () => {
  it('takes out the preloads, makes the module script inert and adds the boot to the context script', () => {
    const html = scriptsAfterLoad(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain(' type="module"');
    expect(html).toContain(
      '<script nonce="NONCE" type="text/x-module">import "/assets/shell-B.js";import * as route0',
    );
    expect(html).toContain(
      `window.__reactRouterContext = {"ssr":true};${bootScript(['/assets/entry.client-A.js', '/assets/shell-B.js'])}</script>`,
    );
    // Everything else is as it was: the styles, the content and the data script.
    expect(html).toContain('<style id="app-css">body{margin:0}</style></head><body><main>Hello</main>');
    expect(html).toContain('streamController.enqueue("[]");</script></body></html>');
  });

  it('leaves a page without React Router scripts as it is', () => {
    const plain = '<html><head><link rel="modulepreload" href="/x.js"/></head><body>Hi</body></html>';
    expect(scriptsAfterLoad(plain)).toBe(plain);
    // A module script without the context script before it is not ours to move.
    const other = '<html><body><script type="module" async="">import "/y.js";</script></body></html>';
    expect(scriptsAfterLoad(other)).toBe(other);
  });

  it('writes a boot that parses as JavaScript and cannot close its script element', () => {
    const boot = bootScript(['/assets/a.js', '/assets/</script>.js']);
    expect(() => new Function(boot)).not.toThrow();
    expect(boot).not.toContain('</script>');
  });
});
