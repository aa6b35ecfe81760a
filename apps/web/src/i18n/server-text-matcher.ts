/** The server-text matcher as a chunk of its own, loaded on demand (`loadServerTexts`). */
export { translateServerTextWith } from "@p2p/shared";
