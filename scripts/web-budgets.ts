/** Size budgets of first loads (gzip bytes), from the catalogue and performance issues. */
export const WEB_BUDGETS = {
  /**
   * Our own target for the home page, under the catalogue's 125 KB: 120 KB until the header
   * gained hover menus and a server-rendered cart count (about 0.2 KB gzip on every page); 121 KB
   * since product cards say HSA/FSA and fit, and the header links the display preferences.
   */
  homeJs: 121 * 1024,
  /** Category, search, compare and product pages. */
  catalogueJs: 125 * 1024,
  /** The cart, wishlist, sign-in and account pages carry the cart code, the promo and summary UI, the account forms. */
  cartJs: 150 * 1024,
  categoryHtml: 60 * 1024,
  eagerImages: 150 * 1024,
};

/** The pages measured, with the budget of their first-load JavaScript. */
export const BUDGET_PAGES: { path: string; jsBudget: number; htmlBudget?: number; signedIn?: boolean }[] = [
  { path: '/', jsBudget: WEB_BUDGETS.homeJs },
  { path: '/category/mobility', jsBudget: WEB_BUDGETS.catalogueJs, htmlBudget: WEB_BUDGETS.categoryHtml },
  { path: '/category/featured', jsBudget: WEB_BUDGETS.catalogueJs, htmlBudget: WEB_BUDGETS.categoryHtml },
  { path: '/product/cruiser-iii-lightweight-wheelchair', jsBudget: WEB_BUDGETS.catalogueJs },
  { path: '/search?q=walker', jsBudget: WEB_BUDGETS.catalogueJs },
  /** Three products side by side: a catalogue page like the others (its Add to Cart included). */
  {
    path: '/compare?ids=cruiser-iii-lightweight-wheelchair,medline-excel-k1-basic-wheelchair-18,sentra-ec-heavy-duty-bariatric-wheelchair-22',
    jsBudget: WEB_BUDGETS.catalogueJs,
  },
  { path: '/cart', jsBudget: WEB_BUDGETS.cartJs },
  { path: '/wishlist', jsBudget: WEB_BUDGETS.cartJs },
  /** Every way to sign in is offered here; each step after the first loads when reached. */
  { path: '/login', jsBudget: WEB_BUDGETS.cartJs },
  /** Measured signed in: without a session it is a redirect to the sign-in page. */
  { path: '/account', jsBudget: WEB_BUDGETS.cartJs, signedIn: true },
];
