import { Link } from "react-router";
import { ArrowLeft, ShieldAlert } from "lucide-react";
import { ROLE_LABELS, type Role } from "@p2p/shared";
import { Button } from "@/ui/button";

/** What anyone but an admin sees at /admin: plainly why, and a way back. */
export function AdminsOnly({ role }: { role: Role }) {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center py-8">
      <div role="alert" className="flex w-full max-w-lg flex-col items-center rounded-2xl border bg-card px-6 py-12 text-center shadow-sm sm:px-10">
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-destructive/12 text-destructive">
          <ShieldAlert className="size-6" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight">Admins only</h1>
        <p className="mt-2 text-muted-foreground">
          The admin panel is for NaijaP2P administrators. You are signed in with a {ROLE_LABELS[role].toLowerCase()} account, so
          there is nothing for you here.
        </p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild>
            <Link to="/dashboard">
              <ArrowLeft aria-hidden />
              Back to Dashboard
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/help">Help Center</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
