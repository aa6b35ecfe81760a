import type { AddressFormat } from "@p2p/shared";

/**
 * A well-formed "sent from" address per address format, for demo data, benchmarks and tests that
 * file manual deposits: obviously not anyone's wallet (derived from a fixed phrase, no key known).
 */
const DEMO_SENDERS: Record<AddressFormat, string> = {
  evm: "0x2d711642b726b04401627ca9fbac32f5c8530fb1",
  tron: "TPkCgGC5mN8bxHGnBfx9PrxJV9AjZe429M",
  plain: "DEMOSENDERNAIJAP2P0001",
};

export function demoSenderAddress(format: AddressFormat): string {
  return DEMO_SENDERS[format];
}
