import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { PublicHeader } from "./public-header";
import { SiteFooter } from "./site-footer";
import { OfflineBanner } from "./offline-banner";

/** Frame of the public information pages (help, status, legal, company). */
export default function PublicLayout() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);

  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader />
      <OfflineBanner />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
