import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge, getDefaultConfig } from "tailwind-merge";

let config: ReturnType<typeof getDefaultConfig> | undefined;

/**
 * tailwind-merge's class table, built on its first merge in one task of about 100 ms on a slow
 * phone: half of it is describing Tailwind's classes (this), the other half indexing them. Done
 * first, on its own, the two are tasks of about 50 ms each (app/warm-up.ts).
 */
export const describeTailwindClasses = () => (config ??= getDefaultConfig());

const twMerge = createTailwindMerge(describeTailwindClasses);

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
