import { useMemo } from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "@/i18n/use-translation";
import { Loader2 } from "lucide-react";
import { z } from "zod";
import { ADDRESS_FORMATS, createNetworkRequest, NETWORK_KINDS, trimDecimal, updateNetworkRequest, type Network } from "@p2p/shared";
import { toast } from "@/ui/toast";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Field } from "@/ui/field";
import { Input } from "@/ui/input";
import { NativeSelect } from "@/ui/select";
import { translateServerText } from "@/i18n/server-text";
import { applyServerFieldErrors, shownFieldError } from "@/lib/form-errors";
import { useCreateNetworkMutation, useUpdateNetworkMutation } from "../network-queries";

/** Every field as typed (text); turned into the shared request, whose rules then apply. */
const typed = z.object({
  coin: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(NETWORK_KINDS),
  address_format: z.enum(ADDRESS_FORMATS),
  chain_id: z.string(),
  token_contract: z.string(),
  decimals: z.string(),
  confirmations: z.string(),
  min_deposit: z.string(),
  withdrawal_fee: z.string(),
  platform_address: z.string(),
  explorer_tx_url: z.string(),
});
type Typed = z.infer<typeof typed>;
type FieldName = Exclude<keyof Typed, "coin" | "kind" | "address_format">;

const orNull = (text: string) => (text.trim() === "" ? null : text.trim());
const whole = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The settings both forms send: EVM ones only on an EVM network, the platform address only on a manual one. */
function settings(v: Typed) {
  return {
    name: v.name,
    decimals: whole(v.decimals),
    confirmations: whole(v.confirmations),
    min_deposit: v.min_deposit,
    withdrawal_fee: v.withdrawal_fee,
    explorer_tx_url: orNull(v.explorer_tx_url),
    ...(v.kind === "evm"
      ? { chain_id: whole(v.chain_id), token_contract: orNull(v.token_contract) }
      : { platform_address: orNull(v.platform_address) }),
  };
}

const editForm = typed.transform((v) => settings(v) as z.input<typeof updateNetworkRequest>).pipe(updateNetworkRequest);
const addForm = typed
  .transform(
    (v) => ({ ...settings(v), coin: v.coin, code: v.code, kind: v.kind, address_format: v.address_format }) as z.input<typeof createNetworkRequest>,
  )
  .pipe(createNetworkRequest);

function typedOf(network: Network | null, coin: string): Typed {
  if (!network) {
    return {
      coin,
      code: "",
      name: "",
      kind: "evm",
      address_format: "evm",
      chain_id: "",
      token_contract: "",
      decimals: "18",
      confirmations: "12",
      min_deposit: "0",
      withdrawal_fee: "0",
      platform_address: "",
      explorer_tx_url: "",
    };
  }
  return {
    coin: network.coin,
    code: network.code,
    name: network.name,
    kind: network.kind,
    address_format: network.address_format,
    chain_id: network.chain_id === null ? "" : String(network.chain_id),
    token_contract: network.token_contract ?? "",
    decimals: String(network.decimals),
    confirmations: String(network.confirmations),
    min_deposit: trimDecimal(network.min_deposit),
    withdrawal_fee: trimDecimal(network.withdrawal_fee),
    platform_address: network.platform_address ?? "",
    explorer_tx_url: network.explorer_tx_url ?? "",
  };
}

/** Edit a network (`network` given) or add one to a coin; every change is audited by the server. */
export function NetworkFormDialog({
  open,
  onOpenChange,
  network,
  coins,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  network: Network | null;
  /** The coins a new network may be for. */
  coins: string[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] grid-cols-1 overflow-y-auto">
        {open && (
          <NetworkForm key={network ? `${network.coin}/${network.code}` : "new"} network={network} coins={coins} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function NetworkForm({ network, coins, onDone }: { network: Network | null; coins: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const editing = network !== null;
  const defaults = useMemo(() => typedOf(network, coins[0] ?? ""), [network, coins]);
  const form = useForm<Typed, unknown, z.output<typeof editForm> | z.output<typeof addForm>>({
    resolver: zodResolver(editing ? editForm : addForm) as never,
    defaultValues: defaults,
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;
  const update = useUpdateNetworkMutation();
  const create = useCreateNetworkMutation();
  const pending = update.isPending || create.isPending;
  const kind = form.watch("kind");
  const fields: FieldName[] = [
    "code",
    "name",
    "chain_id",
    "token_contract",
    "decimals",
    "confirmations",
    "min_deposit",
    "withdrawal_fee",
    "platform_address",
    "explorer_tx_url",
  ];

  const onSubmit = form.handleSubmit(async (body) => {
    // An edit sends only what the admin changed: a setting left alone is neither re-checked nor audited.
    const now = form.getValues();
    const changed = Object.fromEntries(Object.entries(body).filter(([key]) => now[key as keyof Typed] !== defaults[key as keyof Typed]));
    if (editing && Object.keys(changed).length === 0) return onDone();
    try {
      const saved = editing
        ? (await update.mutateAsync({ coin: network.coin, code: network.code, body: changed })).network
        : (await create.mutateAsync(body as z.output<typeof addForm>)).network;
      toast.success(editing ? t("Network saved") : t("Network added"), {
        description: t("{{coin}} on {{network}}: open screens show the change now.", { coin: saved.coin, network: saved.name }),
      });
      onDone();
    } catch (err) {
      if (!applyServerFieldErrors(err, form.setError, fields, { otherwise: "name" })) {
        toast.error(t("Could not save the network"), { description: err instanceof Error ? translateServerText(err.message) : undefined });
      }
    }
  });

  const text = (name: FieldName, label: string, options: { hint?: string; mono?: boolean; inputMode?: "numeric" | "decimal" } = {}) => (
    <Field id={`network-${name}`} label={label} error={shownFieldError(errors[name]?.message)} hint={options.hint}>
      {(control) => <TextInput control={control} register={form.register(name)} mono={options.mono} inputMode={options.inputMode} />}
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? t("Edit {{coin}} on {{network}}", { coin: network.coin, network: network.name }) : t("Add a network")}</DialogTitle>
        <DialogDescription>
          {t("Users see these settings on the deposit and withdrawal screens at once. Every change is recorded in the audit log with your name.")}
        </DialogDescription>
      </DialogHeader>

      {!editing && (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField id="network-coin" label={t("Coin")} register={form.register("coin")} options={coins.map((c) => [c, c])} />
          <SelectField
            id="network-kind"
            label={t("Kind")}
            register={form.register("kind")}
            options={[
              ["evm", t("EVM (watched on chain)")],
              ["manual", t("Manual (admins confirm)")],
            ]}
          />
          {text("code", t("Code"), { hint: t("Short, as users see it: BEP20, TRC20.") })}
          <SelectField
            id="network-address-format"
            label={t("Address format")}
            register={form.register("address_format")}
            options={[
              ["evm", t("EVM (0x…)")],
              ["tron", t("TRON (T…)")],
              ["plain", t("Other")],
            ]}
          />
        </div>
      )}
      {text("name", t("Name"), { hint: t("In the warning users read: BNB Smart Chain (BEP20).") })}
      {kind === "evm" && (
        <div className="grid gap-4 sm:grid-cols-2">
          {text("chain_id", t("Chain id"), { inputMode: "numeric" })}
          {text("token_contract", t("Token contract"), { mono: true, hint: t("Empty for the chain's own coin.") })}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {text("decimals", t("Decimals"), { inputMode: "numeric" })}
        {text("confirmations", t("Confirmations"), { inputMode: "numeric", hint: t("From 1 to 1000.") })}
        {text("min_deposit", t("Minimum deposit"), { inputMode: "decimal" })}
        {text("withdrawal_fee", t("Withdrawal fee"), { inputMode: "decimal" })}
      </div>
      {kind === "manual" &&
        text("platform_address", t("Platform address"), {
          mono: true,
          hint: t("Where users send, with their memo. Empty closes deposits. Check it twice: coins sent to a wrong address are lost."),
        })}
      {text("explorer_tx_url", t("Explorer link"), { mono: true, hint: t("https://… with {hash} or {hex} where the transaction hash goes.") })}

      <DialogFooter>
        <Button type="button" variant="outline" className="h-11 sm:h-10" onClick={onDone}>
          {t("Cancel")}
        </Button>
        <Button type="submit" className="h-11 sm:h-10" disabled={pending}>
          {pending && <Loader2 className="animate-spin" />}
          {editing ? t("Save network") : t("Add network")}
        </Button>
      </DialogFooter>
    </form>
  );
}

function TextInput({
  control,
  register,
  mono,
  inputMode,
}: {
  control: { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined };
  register: UseFormRegisterReturn;
  mono?: boolean;
  inputMode?: "numeric" | "decimal";
}) {
  return <Input {...control} {...register} autoComplete="off" spellCheck={false} inputMode={inputMode} className={mono ? "font-mono" : undefined} />;
}

function SelectField({ id, label, register, options }: { id: string; label: string; register: UseFormRegisterReturn; options: [string, string][] }) {
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <NativeSelect id={id} {...register}>
        {options.map(([value, shown]) => (
          <option key={value} value={value}>
            {shown}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
