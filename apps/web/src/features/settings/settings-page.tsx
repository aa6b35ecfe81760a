import { PageHeader } from "@/ui/page-header";
import { SETTINGS_SECTIONS } from "./sections";

export default function SettingsPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title="Settings" description="Your account's security, notifications and appearance." />
      {SETTINGS_SECTIONS.map(({ id, Section }) => (
        <section key={id} id={id} className="scroll-mt-20">
          <Section />
        </section>
      ))}
    </div>
  );
}
