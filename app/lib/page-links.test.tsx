// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageLinks } from './page-links';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.hash}</p>;
}

function Footer() {
  const links = usePageLinks<HTMLElement>();
  return (
    <footer ref={links}>
      <a data-discover="true" href="/faq">
        FAQ
      </a>
      <a data-discover="true" href="/accessibility#display">
        Text size
      </a>
      <a href="/files/guide.pdf" download>
        Guide
      </a>
      <a href="https://example.org/elsewhere">Elsewhere</a>
      <a href="/faq" target="_blank">
        FAQ in a new tab
      </a>
    </footer>
  );
}

function renderAt(path: string) {
  const page = () => (
    <>
      <Where />
      <Footer />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', Component: page },
      { path: '/faq', Component: page },
      { path: '/accessibility', Component: page },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const click = (name: string, init: MouseEventInit = {}) => {
  const link = screen.getByRole('link', { name });
  // fireEvent returns false when a handler prevented the browser's own navigation.
  return fireEvent.click(link, { button: 0, ...init });
};

describe('usePageLinks', () => {
  afterEach(cleanup);

  it('navigates through the router on a plain click, hash and all', async () => {
    const router = renderAt('/');
    expect(click('FAQ')).toBe(false);
    expect(await screen.findByText('/faq')).toBeTruthy();
    expect(click('Text size')).toBe(false);
    expect(await screen.findByText('/accessibility#display')).toBeTruthy();
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('replaces the history entry for a link to the page one is on, as a Link does', async () => {
    const router = renderAt('/faq');
    expect(click('FAQ')).toBe(false);
    await screen.findByText('/faq');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('leaves modified clicks, downloads, other sites and other targets to the browser', () => {
    const router = renderAt('/');
    expect(click('FAQ', { ctrlKey: true })).toBe(true);
    expect(click('FAQ', { metaKey: true })).toBe(true);
    expect(click('FAQ', { button: 1 })).toBe(true);
    expect(click('Guide')).toBe(true);
    expect(click('Elsewhere')).toBe(true);
    expect(click('FAQ in a new tab')).toBe(true);
    expect(router.state.location.pathname).toBe('/');
  });
});
