import { useTranslation } from "@/i18n/use-translation";
import type { Network } from "@p2p/shared";
import { NativeSelect } from "@/ui/select";

/** The network coins move on, chosen before any address is shown ("BNB Smart Chain (BEP20)"). */
export function NetworkSelect({
  id,
  networks,
  value,
  onChange,
}: {
  id: string;
  networks: Network[];
  /** The chosen network's code, or "" while none is. */
  value: string;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t("Network")}
      </label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {value === "" && (
          <option value="" disabled>
            {t("Choose a network")}
          </option>
        )}
        {networks.map((n) => (
          <option key={n.code} value={n.code}>
            {n.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
