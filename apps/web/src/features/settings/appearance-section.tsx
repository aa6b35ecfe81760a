import { useTranslation } from "@/i18n/use-translation";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { ThemeSegmented } from "@/features/theme/theme-toggle";

/** Theme choice, kept on this device (spec §9: 'vite-ui-theme'). */
export function AppearanceSection() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Appearance")}</CardTitle>
        <CardDescription>{t("Choose how the app looks on this device.")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ThemeSegmented className="max-w-sm" />
      </CardContent>
    </Card>
  );
}
