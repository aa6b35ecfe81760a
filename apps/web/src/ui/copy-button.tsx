import { useTranslation } from "@/i18n/use-translation";
import { useEffect, useState } from "react";
import { Check, Copy } from "lucide-react";
import { toast } from "@/ui/toast";
import { cn } from "@/lib/cn";
import { Button, type ButtonProps } from "./button";

/** Clipboard API where allowed; the old selection trick on plain-http previews. */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}

type CopyButtonProps = Omit<ButtonProps, "onClick" | "children"> & {
  value: string;
  /** What is copied, already translated, for the accessible name and the confirmation: "account number". */
  label: string;
  /** Show "Copy" next to the icon. */
  showText?: boolean;
};

/** Copies a value (an account number, an amount) and confirms with a check mark for 2 s. */
export function CopyButton({ value, label, showText = false, className, variant = "outline", size = "sm", ...props }: CopyButtonProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () =>
    writeClipboard(value).then(
      () => setCopied(true),
      () => toast.error(t("Couldn't copy the {{label}}. Select it and copy it by hand.", { label })),
    );

  return (
    <Button
      type="button"
      variant={variant}
      size={size}
      onClick={copy}
      aria-label={copied ? t("Copied {{label}}", { label }) : t("Copy {{label}}", { label })}
      className={cn(!showText && size === "sm" && "w-8 px-0", className)}
      {...props}
    >
      {copied ? <Check className="text-success" aria-hidden /> : <Copy aria-hidden />}
      {showText && <span>{copied ? t("Copied") : t("Copy")}</span>}
      <span aria-live="polite" className="sr-only">
        {copied ? t("{{label}} copied", { label }) : ""}
      </span>
    </Button>
  );
}
