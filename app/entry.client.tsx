import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { noteEarlyChoices } from '~/lib/adopt-early-input';

function hydrate() {
  noteEarlyChoices();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

/*
 * Hydration is the largest piece of main-thread work of a page load. The page is complete
 * server-rendered HTML, so the browser paints it first (the frame after the document is
 * parsed) and hydration follows; a hidden tab, which paints no frames, hydrates at once.
 * (React Router's scripts are async modules and could otherwise run before the first paint.)
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  hydrate();
};
const afterPaint = () => {
  if (document.visibilityState === 'hidden') return start();
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 200);
};
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint);
else afterPaint();
