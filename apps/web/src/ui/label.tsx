import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** A form label: a plain <label> (Radix's only adds a guard against selecting text on double click). */
export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70", className)} {...props} />;
}
