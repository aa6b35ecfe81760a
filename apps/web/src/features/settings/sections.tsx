import type { ComponentType } from "react";
import { AppearanceSection } from "./appearance-section";

/**
 * The cards of /settings, top to bottom. Each section is one component in its own file
 * (it owns its queries and mutations); add a line here to show a new one.
 */
export const SETTINGS_SECTIONS: { id: string; Section: ComponentType }[] = [
  { id: "appearance", Section: AppearanceSection },
];
