import { lazy, Suspense, useState, type ComponentType } from "react";
import { BrowserRouter, matchRoutes, Outlet, useLocation, useRoutes, type Params, type RouteObject } from "react-router";
import { RequireAuth, RedirectIfSignedIn } from "@/features/auth/guards";
import { authProvidersQuery, sessionQuery } from "@/features/auth/queries";
import { PageFallback } from "@/features/shell/page-fallback";
import { RouteErrorBoundary } from "@/features/shell/route-error-boundary";
import { orderQuery } from "@/features/orders/order-query";
import type { FirstScreen } from "@/features/shell/first-screen-reads";
import { queryClient } from "./query-client";
import { nextTask } from "./boot/next-task";
import { routesForAddress } from "./routes-for-address";

type Load = () => Promise<{ default: ComponentType }>;
/** Starts reading what a screen shows first, into the query cache its screen reads from. */
type Prefetch = (params: Params) => Promise<unknown>;
/**
 * Kept on each lazily loaded route, so its code (and, for some, its first data) can be fetched
 * before the route renders.
 */
type LazyHandle = { load: Load; prefetch?: Prefetch };

/**
 * A route whose component (a page or a layout) loads on first render, behind the spinner. Loading
 * is shared: `handle.load` fetches the same code once, for whichever asks first; a failed attempt
 * is forgotten, so the next one tries again. Code already here (fetched while the splash showed)
 * renders at once: React.lazy would suspend once more, showing the spinner in between and holding
 * the page back for React's reveal throttle.
 */
const lazyRoute = (load: Load, prefetch?: Prefetch): Pick<RouteObject, "element" | "handle"> => {
  let loading: ReturnType<Load> | undefined;
  let loaded: ComponentType | undefined;
  const once: Load = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(once);
  function Screen() {
    // Chosen once per mount: switching from Lazy to the loaded component would remount the page.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component />;
  }
  return {
    element: (
      <Suspense fallback={<PageFallback />}>
        <Screen />
      </Suspense>
    ),
    handle: { load: once, prefetch } satisfies LazyHandle,
  };
};

/**
 * An order opened from its address (a notification, a shared link) is read while its code loads:
 * otherwise its read starts only once the page has rendered, a round trip after the splash.
 */
const prefetchOrder: Prefetch = ({ orderId }) => queryClient.prefetchQuery(orderQuery(orderId ?? ""));

/**
 * The signed-in frame's and screens' first reads (features/shell/first-screen-reads.ts), in the
 * signed-in-data chunk every signed-in screen loads anyway (vite.config.ts): the entry carries only
 * these imports, and no screen a request of its own for them.
 */
const firstReads = () => import("@/features/shell/first-screen-reads");
const prefetchFrame: Prefetch = () => firstReads().then((m) => m.prefetchFrame(queryClient));
const prefetchFirstScreen =
  (screen: FirstScreen): Prefetch =>
  () =>
    firstReads().then((m) => m.prefetchFirstScreen(queryClient, screen, new URLSearchParams(window.location.search)));

const routes: RouteObject[] = [
  { path: "/", ...lazyRoute(() => import("@/features/landing/landing-page")) },
  {
    element: <RedirectIfSignedIn />,
    // The sign-in options are everyone's to read: asked for with the session, not after the form renders.
    children: [
      {
        path: "/auth",
        ...lazyRoute(
          () => import("@/features/auth/auth-page"),
          () => queryClient.prefetchQuery(authProvidersQuery),
        ),
      },
    ],
  },
  { path: "/reset-password", ...lazyRoute(() => import("@/features/auth/reset-password-page")) },
  {
    ...lazyRoute(() => import("@/features/shell/public-layout")),
    children: [
      { path: "/help", ...lazyRoute(() => import("@/features/static-pages/help-page")) },
      { path: "/status", ...lazyRoute(() => import("@/features/static-pages/status-page")) },
      { path: "/about", ...lazyRoute(() => import("@/features/static-pages/about-page")) },
      { path: "/careers", ...lazyRoute(() => import("@/features/static-pages/careers-page")) },
      { path: "/terms", ...lazyRoute(() => import("@/features/static-pages/terms-page")) },
      { path: "/privacy", ...lazyRoute(() => import("@/features/static-pages/privacy-page")) },
      { path: "/merchant-agreement", ...lazyRoute(() => import("@/features/static-pages/merchant-agreement-page")) },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      { path: "/complete-profile", ...lazyRoute(() => import("@/features/auth/complete-profile-page")) },
      {
        ...lazyRoute(() => import("@/features/shell/app-layout"), prefetchFrame),
        children: [
          { path: "/dashboard", ...lazyRoute(() => import("@/features/dashboard/dashboard-page"), prefetchFirstScreen("dashboard")) },
          { path: "/price", ...lazyRoute(() => import("@/features/coins/price-page")) },
          { path: "/listed-coins", ...lazyRoute(() => import("@/features/coins/listed-coins-page")) },
          { path: "/price-update", ...lazyRoute(() => import("@/features/offers/price-update-page")) },
          { path: "/trade-merchants", ...lazyRoute(() => import("@/features/trade/trade-merchants-page"), prefetchFirstScreen("tradeMerchants")) },
          { path: "/wallet", ...lazyRoute(() => import("@/features/wallet/wallet-page"), prefetchFirstScreen("wallet")) },
          { path: "/order", ...lazyRoute(() => import("@/features/orders/my-orders-page")) },
          { path: "/merchant-orders", ...lazyRoute(() => import("@/features/orders/merchant-orders-page")) },
          { path: "/order/:orderId", ...lazyRoute(() => import("@/features/orders/order-page"), prefetchOrder) },
          { path: "/marketplace", ...lazyRoute(() => import("@/features/marketplace/marketplace-page")) },
          { path: "/transaction-history", ...lazyRoute(() => import("@/features/history/transaction-history-page")) },
          { path: "/admin", ...lazyRoute(() => import("@/features/admin/admin-page")) },
          { path: "/chat", ...lazyRoute(() => import("@/features/chat/chat-list-page")) },
          { path: "/chat/:orderId", ...lazyRoute(() => import("@/features/chat/order-chat-page")) },
          { path: "/notifications", ...lazyRoute(() => import("@/features/notifications/notifications-page")) },
          { path: "/merchant-group-chat", ...lazyRoute(() => import("@/features/merchant-chat/merchant-chat-page")) },
          { path: "/live-chat", ...lazyRoute(() => import("@/features/live-chat/live-chat-page")) },
          { path: "/settings", ...lazyRoute(() => import("@/features/settings/settings-page")) },
          { path: "/profile", ...lazyRoute(() => import("@/features/profile/profile-page")) },
          { path: "/merchant-application", ...lazyRoute(() => import("@/features/merchant-application/merchant-application-page")) },
          { path: "/tickets-complaints", ...lazyRoute(() => import("@/features/complaints/complaints-page")) },
          { path: "/appeals", ...lazyRoute(() => import("@/features/appeals/appeals-page")) },
          { path: "/tickets", ...lazyRoute(() => import("@/features/tickets/tickets-page")) },
          { path: "/tickets-payment-view", ...lazyRoute(() => import("@/features/tickets/tickets-payment-view-page")) },
        ],
      },
    ],
  },
  {
    element: <Outlet />,
    children: [{ path: "*", ...lazyRoute(() => import("@/features/shell/not-found-page")) }],
  },
];

const routesFor = routesForAddress(routes);

function Screens() {
  const location = useLocation();
  const screen = useRoutes(routesFor(location.pathname));
  // A screen that cannot be shown (its code unreachable offline, a new deploy, a bug) gets a page a
  // person can act on, until they go elsewhere.
  return <RouteErrorBoundary resetKey={location.key}>{screen}</RouteErrorBoundary>;
}

/**
 * The app's screens. React Router's declarative mode: the app loads no route data through the
 * router, and its data router is about 17 KB (gzip) more on every page. Updates are not
 * transitions, so a navigation inside flushSync (sign-out) is on screen when flushSync returns.
 */
export function AppRouter() {
  return (
    <BrowserRouter useTransitions={false}>
      <Screens />
    </BrowserRouter>
  );
}

/**
 * Starts fetching the code of the routes that match the address the app opened on (page and
 * layouts), so it arrives while the splash shows instead of after it. Nothing renders earlier.
 * The session is asked for first, so the first route knows who is signed in: every screen waits
 * for it, and over HTTP/1.1 a read asked for after the route's twenty-odd scripts waited for their
 * connections (2.4 s at slow 4G). The page itself started that read before the app's code came
 * (`sessionQuery` takes its answer), so the answer is usually here already.
 *
 * Each step is a task of its own, so none is long on a slow phone (main.tsx): after the app's
 * modules, the session's read (the page's first fetch sets up its network side, 20–30 ms at 4× CPU
 * slowdown); matching the address (among the routes its first segment allows); then each matched
 * route's first reads, and each one's code: an import adds a preload link for each module the
 * chunk needs that none has asked for yet, 20–40 ms, and together these were one task of 80–150 ms.
 * Input waits out the part of a task over 50 ms: two tasks of 60 ms hold it 20 ms, one of 120 ms
 * holds it 70.
 */
async function preloadFirstRoute(): Promise<unknown> {
  await nextTask();
  void queryClient.prefetchQuery(sessionQuery);
  await nextTask();
  const handles = (matchRoutes(routesFor(window.location.pathname), window.location) ?? []).flatMap(({ route, params }) => {
    const handle = route.handle as LazyHandle | undefined;
    return handle ? [{ handle, params }] : [];
  });
  for (const { handle, params } of handles) {
    if (!handle.prefetch) continue;
    await nextTask();
    void handle.prefetch(params).catch(() => undefined); // read again when the screen renders
  }
  const loads: Promise<unknown>[] = [];
  for (const { handle } of handles) {
    await nextTask();
    loads.push(handle.load().catch(() => undefined)); // retried when the route renders
  }
  return Promise.all(loads);
}

/** Settles once the first route's code has arrived (or failed to): the splash waits for it. */
export const firstRouteLoaded = preloadFirstRoute();
