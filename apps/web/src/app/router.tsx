import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { createBrowserRouter, Outlet } from "react-router";
import { RequireAuth, RedirectIfSignedIn } from "@/features/auth/guards";
import { PageFallback } from "@/features/shell/page-fallback";

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Component: LazyExoticComponent<ComponentType> = lazy(load);
  return (
    <Suspense fallback={<PageFallback />}>
      <Component />
    </Suspense>
  );
};

const AppLayout = lazy(() => import("@/features/shell/app-layout"));
const PublicLayout = lazy(() => import("@/features/shell/public-layout"));

export const router = createBrowserRouter([
  { path: "/", element: page(() => import("@/features/landing/landing-page")) },
  {
    element: <RedirectIfSignedIn />,
    children: [{ path: "/auth", element: page(() => import("@/features/auth/auth-page")) }],
  },
  { path: "/reset-password", element: page(() => import("@/features/auth/reset-password-page")) },
  {
    element: <Suspense fallback={<PageFallback />}><PublicLayout /></Suspense>,
    children: [
      { path: "/help", element: page(() => import("@/features/static-pages/help-page")) },
      { path: "/status", element: page(() => import("@/features/static-pages/status-page")) },
      { path: "/about", element: page(() => import("@/features/static-pages/about-page")) },
      { path: "/careers", element: page(() => import("@/features/static-pages/careers-page")) },
      { path: "/terms", element: page(() => import("@/features/static-pages/terms-page")) },
      { path: "/privacy", element: page(() => import("@/features/static-pages/privacy-page")) },
      { path: "/merchant-agreement", element: page(() => import("@/features/static-pages/merchant-agreement-page")) },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      { path: "/complete-profile", element: page(() => import("@/features/auth/complete-profile-page")) },
      {
        element: <Suspense fallback={<PageFallback />}><AppLayout /></Suspense>,
        children: [
          { path: "/dashboard", element: page(() => import("@/features/dashboard/dashboard-page")) },
          { path: "/price", element: page(() => import("@/features/coins/price-page")) },
          { path: "/listed-coins", element: page(() => import("@/features/coins/listed-coins-page")) },
          { path: "/price-update", element: page(() => import("@/features/offers/price-update-page")) },
          { path: "/trade-merchants", element: page(() => import("@/features/trade/trade-merchants-page")) },
          { path: "/wallet", element: page(() => import("@/features/wallet/wallet-page")) },
          { path: "/order", element: page(() => import("@/features/orders/my-orders-page")) },
          { path: "/merchant-orders", element: page(() => import("@/features/orders/merchant-orders-page")) },
          { path: "/order/:orderId", element: page(() => import("@/features/orders/order-page")) },
          { path: "/marketplace", element: page(() => import("@/features/marketplace/marketplace-page")) },
          { path: "/transaction-history", element: page(() => import("@/features/history/transaction-history-page")) },
          { path: "/admin", element: page(() => import("@/features/admin/admin-page")) },
          { path: "/chat", element: page(() => import("@/features/chat/chat-list-page")) },
          { path: "/chat/:orderId", element: page(() => import("@/features/chat/order-chat-page")) },
          { path: "/notifications", element: page(() => import("@/features/notifications/notifications-page")) },
          { path: "/merchant-group-chat", element: page(() => import("@/features/merchant-chat/merchant-chat-page")) },
          { path: "/live-chat", element: page(() => import("@/features/live-chat/live-chat-page")) },
          { path: "/settings", element: page(() => import("@/features/settings/settings-page")) },
          { path: "/profile", element: page(() => import("@/features/profile/profile-page")) },
          { path: "/merchant-application", element: page(() => import("@/features/merchant-application/merchant-application-page")) },
          { path: "/tickets-complaints", element: page(() => import("@/features/complaints/complaints-page")) },
          { path: "/appeals", element: page(() => import("@/features/appeals/appeals-page")) },
          { path: "/tickets", element: page(() => import("@/features/tickets/tickets-page")) },
          { path: "/tickets-payment-view", element: page(() => import("@/features/tickets/tickets-payment-view-page")) },
        ],
      },
    ],
  },
  {
    element: <Outlet />,
    children: [{ path: "*", element: page(() => import("@/features/shell/not-found-page")) }],
  },
]);
