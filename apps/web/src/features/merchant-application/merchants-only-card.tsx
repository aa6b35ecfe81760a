import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";

/** The way in for a trader: the application to become a merchant. */
export function ApplyAsMerchantButton() {
  const { t } = useTranslation();
  return (
    <Button asChild size="sm" className="h-11 sm:h-8">
      <Link to="/merchant-application">{t("Apply as Merchant")}</Link>
    </Button>
  );
}

/**
 * What someone who is not a merchant sees on a merchants-only screen (Price Update, Marketplace,
 * Tickets for Trade, merchant group chat): what the screen is for, and by default the way in.
 */
export function MerchantsOnlyCard({
  icon,
  title,
  description,
  action = <ApplyAsMerchantButton />,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Card>
      <EmptyState className="py-12" icon={icon} title={title} description={description} action={action} />
    </Card>
  );
}
