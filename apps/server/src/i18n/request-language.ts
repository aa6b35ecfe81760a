import type { FastifyRequest } from "fastify";
import { isLanguage, pickLanguage, type Language } from "@p2p/shared";

/** Set by the web app (apps/web/src/i18n/language.ts) to the language it shows. */
const LANGUAGE_COOKIE = "lang";

/**
 * The language a new account starts in: the one the app was showing (its cookie) when valid,
 * else the best of the browser's Accept-Language, else English.
 */
export function requestLanguage(req: FastifyRequest): Language {
  const cookie = req.cookies[LANGUAGE_COOKIE];
  if (isLanguage(cookie)) return cookie;
  return pickLanguage(acceptedTags(req.headers["accept-language"]));
}

/** "fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5" → ["fr-CH", "fr", "en"]: by weight, refusals (q=0) and "*" left out. */
export function acceptedTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && t.tag !== "*" && t.weight > 0 && Number.isFinite(t.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}
