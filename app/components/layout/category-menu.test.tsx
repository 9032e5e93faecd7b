// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DesktopCategoryMenu, HOVER_CLOSE_MS, HOVER_OPEN_MS, MobileCategoryMenu } from './category-menu';

let canHover = true;

/** A click opens a dropdown once its subcategories are in (fetched on first use). */
async function opened(expanded: (name: string) => string | null, name: string) {
  await act(async () => {
    await vi.dynamicImportSettled();
  });
  expect(expanded(name)).toBe('true');
}

function renderMenu() {
  render(
    <MemoryRouter>
      <DesktopCategoryMenu />
    </MemoryRouter>,
  );
  const item = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}$`) }).closest('li')!;
  const button = (name: string) => screen.getByRole('button', { name: `${name} subcategories` });
  const expanded = (name: string) => button(name).getAttribute('aria-expanded');
  return { item, button, expanded };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('DesktopCategoryMenu with a mouse', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    canHover = true;
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(hover: hover)' && canHover }));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens after the pointer rests on a category, not when it only passes over', () => {
    const { item, expanded } = renderMenu();
    fireEvent.pointerMove(item('Mobility'), { pointerType: 'mouse' });
    advance(HOVER_OPEN_MS - 50);
    fireEvent.pointerLeave(item('Mobility'), { pointerType: 'mouse' });
    advance(HOVER_OPEN_MS);
    expect(expanded('Mobility')).toBe('false');

    fireEvent.pointerMove(item('Mobility'), { pointerType: 'mouse' });
    advance(HOVER_OPEN_MS);
    expect(expanded('Mobility')).toBe('true');
  });

  it('closes a while after the pointer leaves, and stays open if it comes back in time', () => {
    const { item, expanded } = renderMenu();
    fireEvent.pointerMove(item('Mobility'), { pointerType: 'mouse' });
    advance(HOVER_OPEN_MS);
    fireEvent.pointerLeave(item('Mobility'), { pointerType: 'mouse' });
    advance(HOVER_CLOSE_MS - 100);
    expect(expanded('Mobility')).toBe('true');
    fireEvent.pointerMove(item('Mobility'), { pointerType: 'mouse' });
    advance(HOVER_CLOSE_MS);
    expect(expanded('Mobility')).toBe('true');

    fireEvent.pointerLeave(item('Mobility'), { pointerType: 'mouse' });
    advance(HOVER_CLOSE_MS);
    expect(expanded('Mobility')).toBe('false');
  });

  it('opens nothing when the page moves under a resting pointer', () => {
    const { item, expanded } = renderMenu();
    // Layout moving a category under a still mouse sends boundary events, not a move.
    fireEvent.pointerEnter(item('Mobility'), { pointerType: 'mouse' });
    fireEvent.pointerOver(item('Mobility'), { pointerType: 'mouse' });
    advance(HOVER_OPEN_MS * 2);
    expect(expanded('Mobility')).toBe('false');
  });

  it('opens once the pointer rests: moving on a category puts its opening off', () => {
    const { item, expanded } = renderMenu();
    fireEvent.pointerMove(item('Mobility'), { pointerType: 'mouse' });
    advance(HOVER_OPEN_MS - 50);
    fireEvent.pointerMove(item('Mobility'), { pointerType: 'mouse' });
    advance(HOVER_OPEN_MS - 50);
    expect(expanded('Mobility')).toBe('false');
    advance(50);
    expect(expanded('Mobility')).toBe('true');
  });

  it('keeps a dropdown open by a click when the pointer leaves', async () => {
    const { item, button, expanded } = renderMenu();
    fireEvent.pointerMove(item('Mobility'), { pointerType: 'mouse' });
    advance(HOVER_OPEN_MS);
    fireEvent.click(button('Mobility'));
    await opened(expanded, 'Mobility');
    fireEvent.pointerLeave(item('Mobility'), { pointerType: 'mouse' });
    advance(HOVER_CLOSE_MS * 2);
    expect(expanded('Mobility')).toBe('true');
    fireEvent.click(button('Mobility'));
    expect(expanded('Mobility')).toBe('false');
  });

  it('leaves touch, pen and devices without hover to the button', async () => {
    const { item, button, expanded } = renderMenu();
    fireEvent.pointerMove(item('Mobility'), { pointerType: 'touch' });
    fireEvent.pointerMove(item('Respiratory'), { pointerType: 'pen' });
    canHover = false;
    fireEvent.pointerMove(item('Orthopedic'), { pointerType: 'mouse' });
    advance(HOVER_OPEN_MS * 2);
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
    fireEvent.click(button('Mobility'));
    await opened(expanded, 'Mobility');
  });
});

describe('subcategories', () => {
  afterEach(() => cleanup());

  it('are fetched when a dropdown opens, not with the page', async () => {
    render(
      <MemoryRouter>
        <DesktopCategoryMenu />
        <MobileCategoryMenu />
      </MemoryRouter>,
    );
    // The mobile menu is open, so they are on their way; the desktop dropdown shows them once opened.
    fireEvent.click(screen.getByRole('button', { name: 'Mobility subcategories' }));
    const links = await screen.findAllByRole('link', { name: 'Wheelchairs' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/category/mobility/wheelchairs',
      '/category/mobility/wheelchairs',
    ]);
    expect(screen.getAllByRole('link', { name: 'View All Mobility' })).toHaveLength(2);
  });
});
