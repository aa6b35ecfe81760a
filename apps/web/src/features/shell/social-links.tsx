import { msg } from "@p2p/shared";
import type { ComponentProps, ComponentType } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { cn } from "@/lib/cn";

type IconProps = ComponentProps<"svg">;

function XIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden {...props}>
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
    </svg>
  );
}

function FacebookIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden {...props}>
      <path d="M13.6 22v-8.2h2.8l.4-3.3h-3.2V8.4c0-.9.3-1.6 1.6-1.6h1.7V3.9c-.3 0-1.3-.1-2.5-.1-2.5 0-4.2 1.5-4.2 4.3v2.4H7.4v3.3h2.8V22z" />
    </svg>
  );
}

function TelegramIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden {...props}>
      <path d="M20.7 4.3 2.9 11.2c-1.2.5-1.2 1.2-.2 1.5l4.6 1.4 1.7 5.4c.2.6.4.8.9.8.4 0 .6-.2.8-.4l2.2-2.2 4.7 3.5c.9.5 1.5.2 1.7-.8l3.1-14.6c.3-1.3-.5-1.9-1.5-1.5zM8.9 14.2l9.4-5.9c.4-.3.8-.1.5.2l-7.8 7-.3 3.3z" />
    </svg>
  );
}

export type SocialLink = { name: string; label: string; href: string; icon: ComponentType<IconProps> };

/** The official NaijaP2P community channels. */
export const SOCIAL_LINKS: SocialLink[] = [
  { name: "X", label: msg("Follow NaijaP2P on X"), href: "https://x.com/naijap2p", icon: XIcon },
  { name: "Facebook", label: msg("Like NaijaP2P on Facebook"), href: "https://www.facebook.com/naijap2p", icon: FacebookIcon },
  { name: "Telegram", label: msg("Join the NaijaP2P Telegram community"), href: "https://t.me/naijap2p", icon: TelegramIcon },
];

export { TelegramIcon };

/** Round icon links to X, Facebook and Telegram. */
export function SocialIconLinks({ className, itemClassName }: { className?: string; itemClassName?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={cn("flex items-center gap-2", className)}>
      {SOCIAL_LINKS.map(({ name, label, href, icon: Icon }) => (
        <li key={name}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t(label)}
            title={name}
            className={cn(
              "inline-flex size-10 items-center justify-center rounded-full border bg-background text-muted-foreground transition-colors hover:border-primary/40 hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              itemClassName,
            )}
          >
            <Icon className="size-4.5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
