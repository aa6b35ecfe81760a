import { useTranslation } from "@/i18n/use-translation";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { LanguagePicker } from "@/i18n/language-picker";

/** The language of the app, saved on the profile so e-mails and Telegram messages follow it. */
export function LanguageSection() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Language")}</CardTitle>
        <CardDescription>{t("Choose the language of the app, your e-mails and Telegram messages.")}</CardDescription>
      </CardHeader>
      <CardContent>
        {/* The card's title names the choice: the picker's own label stays for screen readers only. */}
        <LanguagePicker className="max-w-sm [&>label]:sr-only" />
      </CardContent>
    </Card>
  );
}
