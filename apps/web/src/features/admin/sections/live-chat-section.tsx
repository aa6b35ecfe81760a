import { useTranslation } from "@/i18n/use-translation";
import { AdminLiveChat } from "@/features/live-chat/live-chat-page";
import { SectionHeader } from "../components/section-header";

/** Support sessions: waiting ones first; pick one to reply, close it when done. */
export default function LiveChatSection() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title={t("Live chat")}
        description={t("Users waiting for an agent come first. Open a session to reply; close it when the question is answered.")}
      />
      <AdminLiveChat embedded />
    </div>
  );
}
