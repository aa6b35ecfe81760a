import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { api } from "@/lib/api";

const TYPING_SEND_MS = 3_000;
const TYPING_SHOW_MS = 5_000;

/** POSTs a typing ping at most once every 3 s. */
export function useTypingSender(path: string) {
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current < TYPING_SEND_MS) return;
    last.current = now;
    void api(path, { method: "POST", body: {} }).catch(() => undefined);
  }, [path]);
}

/** "<name> is typing…" for 5 s after each typing event. */
export function useTypingIndicator() {
  const { t } = useTranslation();
  const [names, setNames] = useState<Record<string, number>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);
  const clear = useCallback((name: string) => {
    const t = timers.current.get(name);
    if (t) clearTimeout(t);
    timers.current.delete(name);
    setNames((n) => {
      if (!(name in n)) return n;
      const { [name]: _, ...rest } = n;
      return rest;
    });
  }, []);
  const show = useCallback(
    (name: string) => {
      const t = timers.current.get(name);
      if (t) clearTimeout(t);
      timers.current.set(
        name,
        setTimeout(() => clear(name), TYPING_SHOW_MS),
      );
      setNames((n) => ({ ...n, [name]: Date.now() }));
    },
    [clear],
  );
  const list = Object.keys(names);
  const text =
    list.length === 0
      ? null
      : list.length === 1
        ? t("{{name}} is typing…", { name: list[0] })
        : t("{{names}} are typing…", { names: list.join(", ") });
  return { text, show, clear };
}
