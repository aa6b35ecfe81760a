import { Tabs, TabsList, TabsTrigger } from "@/ui/tabs";

export type StatusOption<S extends string> = { value: S; label: string };

/** The filter above a queue: its statuses, the actionable one first. */
export function StatusTabs<S extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: StatusOption<S>[];
  value: S;
  onChange: (value: S) => void;
}) {
  return (
    <Tabs value={value} onValueChange={(v) => onChange(v as S)}>
      <TabsList aria-label={label} className="h-9 w-full justify-start overflow-x-auto sm:w-auto">
        {options.map((option) => (
          <TabsTrigger key={option.value} value={option.value} className="flex-none px-3 text-xs sm:text-sm">
            {option.label}
          </TabsTrigger>
        ))}
      </TabsList>
    </Tabs>
  );
}
