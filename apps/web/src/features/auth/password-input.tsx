import { useState, type ComponentProps } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { Eye, EyeOff } from "lucide-react";
import { Input } from "@/ui/input";
import { cn } from "@/lib/cn";

/** A password input with a show/hide toggle (spec §2). */
export function PasswordInput({ className, id, ...props }: Omit<ComponentProps<"input">, "type">) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input id={id} type={visible ? "text" : "password"} className={cn("pe-11", className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t("Hide") : t("Show")}
        title={visible ? t("Hide password") : t("Show password")}
        aria-controls={id}
        aria-pressed={visible}
        className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      >
        {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}
