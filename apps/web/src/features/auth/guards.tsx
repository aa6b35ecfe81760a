import { Navigate, Outlet, useLocation } from "react-router";
import { PageFallback } from "@/features/shell/page-fallback";
import { useSession } from "./queries";

/** Protected routes: signed-out visitors go to /auth. */
export function RequireAuth() {
  const { data: user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageFallback />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** /auth: signed-in users are sent to / (spec §2), which forwards them to the dashboard. */
export function RedirectIfSignedIn() {
  const { data: user, isPending } = useSession();
  if (isPending) return <PageFallback />;
  if (user) return <Navigate to="/" replace />;
  return <Outlet />;
}
