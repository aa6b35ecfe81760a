import type { ComponentType } from "react";
import { AppearanceSection } from "./appearance-section";
import { LanguageSection } from "./language-section";
import { NotificationPreferencesSection } from "./notification-preferences-section";
import { PasswordSection } from "./password-section";
import { SessionsSection } from "./sessions-section";
import { TelegramSection } from "./telegram-section";
import { TwoFactorSection } from "./two-factor-section";

/**
 * The cards of /settings, top to bottom. Each section is one component in its own file
 * (it owns its queries and mutations); add a line here to show a new one.
 */
export const SETTINGS_SECTIONS: { id: string; Section: ComponentType }[] = [
  { id: "password", Section: PasswordSection },
  { id: "two-factor", Section: TwoFactorSection },
  { id: "sessions", Section: SessionsSection },
  { id: "notifications", Section: NotificationPreferencesSection },
  { id: "telegram", Section: TelegramSection },
  { id: "language", Section: LanguageSection },
  { id: "appearance", Section: AppearanceSection },
];
