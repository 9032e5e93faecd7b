/** First focusable element of every page: jumps past the header to the main content. */
export function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-brand focus:px-4 focus:py-3 focus:text-brand-fg"
    >
      Skip to main content
    </a>
  );
}
