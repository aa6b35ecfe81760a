/**
 * `npm run chain` (development only): a local EVM node on 127.0.0.1:8545 with chain id 56 and a
 * demo USDT, so automatic deposits can be seen working without a real chain.
 *
 *   npm run chain                              start the node (keep it running)
 *   npm run chain -- send <email|username> 25  send 25 demo USDT to that user's BEP20 deposit address
 *
 * The node lives in memory: every start is a fresh chain, so the demo USDT is always at the same
 * address (the funded test key's first contract).
 */
import { createWalletClient, erc20Abi, getContractAddress, http, parseUnits, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { LOCAL_CHAIN_KEY, startLocalChain } from "./local-chain.js";

const PORT = 8545;
const CHAIN_ID = 56;
const RPC_URL = `http://127.0.0.1:${PORT}`;
const APP_URL = (process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "");
const account = privateKeyToAccount(LOCAL_CHAIN_KEY);
/** Where the demo USDT lands on a fresh node: the deployer's first contract. */
const DEMO_USDT = getContractAddress({ from: account.address, nonce: 0n }).toLowerCase() as Address;

async function startNode(): Promise<void> {
  const chain = await startLocalChain({ chainId: CHAIN_ID, port: PORT, blockTime: 1 });
  const token = await chain.deployToken({ symbol: "USDT", decimals: 18 });
  if (token !== DEMO_USDT) throw new Error(`the demo USDT is at ${token}, expected ${DEMO_USDT}: is the node fresh?`);
  console.log(`Local chain ${CHAIN_ID} at ${RPC_URL}, a block every second; demo USDT at ${token}.

1. Start the app watching it (another terminal):
   CHAIN_RPC_URLS=${CHAIN_ID}=${RPC_URL} CHAIN_DEV_USDT=${token} npm start

2. Sign in (e.g. bola@naijap2p.test, see the app's start output), open Wallet → Deposit → USDT → BEP20, then:
   npm run chain -- send bola@naijap2p.test 25

The deposit appears as "Confirming n of 15" and is credited after 15 blocks (about 15 s).
Ctrl-C stops the node (its chain is gone; the app keeps the deposits it credited).`);
  const stop = async () => {
    await chain.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

async function send(user: string | undefined, amount: string | undefined): Promise<void> {
  if (!user || !amount || !/^\d+(\.\d{1,18})?$/.test(amount)) {
    throw new Error("usage: npm run chain -- send <email-or-username> <amount>");
  }
  const query = new URLSearchParams({ user, coin: "USDT", network: "BEP20" });
  const res = await fetch(`${APP_URL}/dev/deposit-address?${query}`).catch(() => null);
  if (!res) throw new Error(`the app is not answering at ${APP_URL} (start it as npm run chain printed, or set APP_URL)`);
  const body = (await res.json()) as { address?: string; error?: { message: string } };
  if (!res.ok || !body.address) throw new Error(body.error?.message ?? `the app answered ${res.status}`);
  const chain = {
    id: CHAIN_ID,
    name: "local",
    nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
    rpcUrls: { default: { http: [RPC_URL] } },
  };
  const wallet = createWalletClient({ chain, account, transport: http(RPC_URL) });
  const hash = await wallet.writeContract({
    address: DEMO_USDT,
    abi: erc20Abi,
    functionName: "transfer",
    args: [body.address as Address, parseUnits(amount, 18)],
  });
  console.log(`Sent ${amount} demo USDT to ${user} (${body.address}): ${hash}`);
}

const [command, ...args] = process.argv.slice(2);
const run = command === "send" ? send(args[0], args[1]) : command ? Promise.reject(new Error(`unknown command "${command}"`)) : startNode();
run.catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
