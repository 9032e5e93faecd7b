import fontBold from '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-700-normal.woff2?url';
import fontRegular from '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-400-normal.woff2?url';
import { type ReactNode, useLayoutEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
} from 'react-router';
import { shippingFigures } from '~/commerce/shipping-figures';
import { promotionsOf } from '~/commerce/promo/promotion-store.server';
import { shopSettingsOf } from '~/commerce/shop-settings-store.server';
import { viewerOfRequest } from '~/features/account/viewer.server';
import { serverWishlist, wishlistOf } from '~/features/wishlist/wishlist-form.server';
import { DeferredToaster } from '~/components/layout/deferred-toaster';
import { ErrorPage } from '~/components/layout/error-page';
import { NotFound } from '~/components/layout/not-found';
import { SiteFooter } from '~/components/layout/site-footer';
import { SiteHeader } from '~/components/layout/site-header';
import { SkipLink } from '~/components/layout/skip-link';
import { freeShippingText } from '~/commerce/shipping';
import { IconSprite } from '~/components/ui/icon';
import { adoptInputTypedBeforeHydration } from '~/lib/adopt-early-input';
import { INLINE_CSS_ID, useInlineCss } from '~/lib/inline-css';
import { useNonce } from '~/lib/nonce';
import { pageTitle } from '~/lib/store-info';
import { themeBootScript } from '~/lib/theme';
import type { Route } from './+types/root';
import stylesheet from '~/app.css?url';

// Both weights show above the fold (the bold ones in the header and headings): preloaded, they
// are there for the first paint and font-display: optional never swaps them in later (app.css).
const font = (href: string) =>
  ({ rel: 'preload', href, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' }) as const;

export const links: Route.LinksFunction = () => [
  font(fontRegular),
  font(fontBold),
  // In production the styles are inline (InlineCss below); dev links them for hot reload.
  ...(import.meta.env.DEV ? [{ rel: 'stylesheet', href: stylesheet }] : []),
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  // Only what the header and the hearts show: the page never carries more of the account than
  // it needs. The account cart's count is in the server HTML; a guest's cart lives on the
  // device, so its count comes after hydration. A cached catalogue page looked the shopper up
  // already. The wishlist is the account's, or the one a guest saved without scripts (a cookie).
  const viewer = context.viewer ?? (await viewerOfRequest(context, request, wishlistOf(context.services)));
  const wishlist = serverWishlist(context.services, request, viewer ? (viewer.wishlist ?? []) : null);
  // The header and footer (and a few pages) quote the free-shipping threshold: a shop setting.
  const shipping = shippingFigures(shopSettingsOf(context.services).shipping);
  // The footer (and home and product pages) advertise the welcome code only while it works.
  const welcomeOffer = promotionsOf(context.services).welcomeOfferOn();
  // The footer's line, written here so its words are not in every page's script.
  const freeShipping = freeShippingText(shipping.freeFrom);
  const banner =
    [
      welcomeOffer ? 'New customers save 10% with code WELCOME10.' : '',
      freeShipping ? `${freeShipping}.` : '',
    ]
      .filter(Boolean)
      .join(' ') || null;
  const shared = { wishlist, shipping, welcomeOffer, banner };
  if (!viewer) return { user: null, cartCount: null, ...shared };
  return { user: { name: viewer.name }, cartCount: viewer.cartCount, ...shared };
}

/** The session changes only through a form or a sign-in/out, not on every link click. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
  currentUrl,
  nextUrl,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

function InlineCss() {
  const css = useInlineCss();
  if (import.meta.env.DEV) return null;
  return <style id={INLINE_CSS_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    // The boot script sets data-theme before React hydrates; that difference is expected.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: themeBootScript }}
        />
        <Meta />
        <Links />
        <InlineCss />
      </head>
      <body>
        <SkipLink />
        <IconSprite />
        <SiteHeader
          user={data?.user ?? null}
          cartCount={data?.cartCount ?? null}
          freeShipping={freeShippingText(data?.shipping.freeFrom ?? null)}
        />
        <main id="main-content" tabIndex={-1} className="flex-1">
          {children}
        </main>
        <SiteFooter banner={data?.banner ?? null} />
        <DeferredToaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Once, as hydration commits: what was typed into the server's forms before it belongs to them.
  // A layout effect, not a passive one: a press of "Sign In" can come in the first task after the
  // commit (a busy phone runs passive effects later), and its handler must already see the typing.
  useLayoutEffect(() => adoptInputTypedBeforeHydration(), []);
  return <Outlet />;
}

export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: pageTitle(notFound ? 'Page not found' : 'Something went wrong') }];
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const details = import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : undefined;
  return <ErrorPage details={details} />;
}
