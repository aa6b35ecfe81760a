import { useTranslation } from "@/i18n/use-translation";
import { PageHeader } from "@/ui/page-header";
import { SETTINGS_SECTIONS } from "./sections";

export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title={t("Settings")} description={t("Your account's security, notifications, language and appearance.")} />
      {SETTINGS_SECTIONS.map(({ id, Section }) => (
        <section key={id} id={id} className="scroll-mt-20">
          <Section />
        </section>
      ))}
    </div>
  );
}
