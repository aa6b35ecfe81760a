import { createContext, use, useId, useState, type ComponentProps, type KeyboardEvent } from "react";
import { cn } from "@/lib/cn";

type TabsState = { value: string; select: (value: string) => void; id: string };
const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const tabs = use(TabsContext);
  if (!tabs) throw new Error("a tab outside <Tabs>");
  return tabs;
}

const panelId = (tabs: TabsState, value: string) => `${tabs.id}-panel-${value}`;
const tabId = (tabs: TabsState, value: string) => `${tabs.id}-tab-${value}`;

type TabsProps = Omit<ComponentProps<"div">, "defaultValue" | "dir"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

/**
 * Tabs as WAI-ARIA's tabs pattern has them (the keyboard of Radix's, whose roving focus and
 * collection were 8 KB of the first load of /auth and the wallet): a tablist of tabs, the arrow
 * keys (mirrored right to left), Home and End move to a tab and show it; only the shown panel is
 * rendered. Controlled (`value`, `onValueChange`) or not (`defaultValue`).
 */
export function Tabs({ value, defaultValue = "", onValueChange, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const id = useId();
  const current = value ?? own;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext value={{ value: current, select, id }}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext>
  );
}

/** The keys that move along a horizontal tablist, in reading order: `1` is the next tab. */
function stepOf(key: string, rtl: boolean): 1 | -1 | "first" | "last" | null {
  if (key === "Home") return "first";
  if (key === "End") return "last";
  if (key === "ArrowRight") return rtl ? -1 : 1;
  if (key === "ArrowLeft") return rtl ? 1 : -1;
  return null;
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const step = stepOf(event.key, getComputedStyle(event.currentTarget).direction === "rtl");
    if (step === null || event.defaultPrevented) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    const next = step === "first" ? 0 : step === "last" ? tabs.length - 1 : (at + step + tabs.length) % tabs.length;
    tabs[next]?.focus();
    tabs[next]?.click();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn("inline-flex h-10 w-full items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground", className)}
      onKeyDown={moveFocus}
      {...props}
    />
  );
}

export function TabsTrigger({ className, value, onClick, ...props }: ComponentProps<"button"> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(tabs, value)}
      aria-selected={active}
      aria-controls={panelId(tabs, value)}
      data-state={active ? "active" : "inactive"}
      tabIndex={active ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      className={cn(
        "inline-flex flex-1 items-center justify-center whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, value, ...props }: ComponentProps<"div"> & { value: string }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs, value)}
      aria-labelledby={tabId(tabs, value)}
      data-state="active"
      tabIndex={0}
      className={cn("mt-3 focus-visible:outline-none", className)}
      {...props}
    />
  );
}
