import { useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageFallback } from "@/features/shell/page-fallback";
import { OfflineScreen } from "@/features/shell/offline-screen";
import { isNetworkError } from "@/lib/api";
import { sessionEndReason } from "@/lib/session-end";
import { afterSignInPath, type AuthState } from "./navigation";
import { useSession } from "./queries";

/**
 * Protected routes: signed-out visitors go to /auth. Someone who signs out here goes to / (spec
 * §4), matching where useSignOutMutation sends them; a session that ended otherwise, to /auth.
 */
export function RequireAuth() {
  const { data: user, isPending, error, refetch, isFetching } = useSession();
  const location = useLocation();
  const [hadUser, setHadUser] = useState(false);
  if (user && !hadUser) setHadUser(true);

  if (isPending) return <PageFallback />;
  // No connection and no account loaded yet: an offline screen, not a trip to the sign-in page.
  if (!user && isNetworkError(error)) return <OfflineScreen onRetry={() => void refetch()} retrying={isFetching} />;
  if (!user) {
    // The session ended elsewhere (revoked, expired, password changed, suspended): /auth says why.
    const ended = sessionEndReason();
    if (ended !== null) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search, ended } satisfies AuthState} />;
    if (hadUser) return <Navigate to="/" replace />;
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}

/**
 * /auth: signed-in visitors are sent to / (spec §2), which forwards them to the dashboard.
 * Someone who signs in here goes on to /complete-profile or the dashboard, the same place the
 * sign-in form navigates to, so the two never race to different pages.
 */
export function RedirectIfSignedIn() {
  const { data: user, isPending } = useSession();
  const location = useLocation();
  const [sawSignedOut, setSawSignedOut] = useState(false);
  if (!isPending && !user && !sawSignedOut) setSawSignedOut(true);

  if (isPending) return <PageFallback />;
  if (user) return <Navigate to={sawSignedOut ? afterSignInPath(user, location.state) : "/"} replace />;
  return <Outlet />;
}
