import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import ganache from "ganache";
import {
  createPublicClient,
  createWalletClient,
  http,
  parseUnits,
  TransactionReceiptNotFoundError,
  type Abi,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  type WalletClient,
} from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { until } from "../until.js";

const require = createRequire(import.meta.url);

const RPC_TIMEOUT_MS = 5_000;
const RECEIPT_WAIT_MS = 15_000;

/**
 * The transaction's receipt, asked for every 50 ms for up to 15 s. Not viem's
 * waitForTransactionReceipt: after its first tries it asks again only when a new block comes,
 * and on this instamine chain, with nothing else sent, none comes: one failed first answer (a
 * loaded machine) can leave it waiting its full 3 minutes.
 */
function receiptOf(client: PublicClient, hash: Hash): Promise<TransactionReceipt> {
  const found = () =>
    client.getTransactionReceipt({ hash }).catch((err: unknown) => {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    });
  return until(`the receipt of ${hash}`, found, RECEIPT_WAIT_MS);
}

/** The funded account of every local chain: a published test key, never a real wallet's. */
export const LOCAL_CHAIN_KEY: Hex = `0x${"11".repeat(32)}`;

type Compiled = { abi: Abi; bytecode: Hex };
let compiled: Compiled | null = null;

/** demo-token.sol compiled with solc (the npm build of the Solidity compiler), once per process. */
export function demoTokenArtifact(): Compiled {
  if (compiled) return compiled;
  const solc = require("solc") as { compile(input: string): string };
  const source = readFileSync(fileURLToPath(new URL("./demo-token.sol", import.meta.url)), "utf8");
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: "Solidity",
        sources: { "demo-token.sol": { content: source } },
        settings: { evmVersion: "paris", outputSelection: { "*": { DemoToken: ["abi", "evm.bytecode.object"] } } },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const token = output.contracts["demo-token.sol"]!.DemoToken!;
  compiled = { abi: token.abi, bytecode: `0x${token.evm.bytecode.object}` };
  return compiled;
}

export type LocalChain = {
  url: string;
  chainId: number;
  account: PrivateKeyAccount;
  client: PublicClient;
  wallet: WalletClient;
  /** Deploys a DemoToken holding `supply` (whole tokens) for the funded account; answers its address (lower case). */
  deployToken(options?: { symbol?: string; decimals?: number; supply?: string }): Promise<Address>;
  /** Sends `amount` whole tokens to `to`; answers the transaction hash once mined. */
  sendToken(token: Address, to: Address, amount: string, decimals?: number): Promise<Hash>;
  /** Sends several token transfers mined together in one block; answers their hashes. */
  sendTokensInOneBlock(token: Address, transfers: { to: Address; amount: string }[], decimals?: number): Promise<Hash[]>;
  /** Sends `amount` of the native coin (18 decimals) to `to`. */
  sendNative(to: Address, amount: string): Promise<Hash>;
  /** Mines `n` empty blocks. */
  mine(n?: number): Promise<void>;
  /** Waits for a sent transaction's receipt (15 s at most). */
  receipt(hash: Hash): Promise<TransactionReceipt>;
  /** Remembers the chain as it is now, for revert (a reorg as far as a watcher can tell). */
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
  blockNumber(): Promise<bigint>;
  stop(): Promise<void>;
};

/**
 * A real EVM node from npm (ganache) on a free port, one block per transaction, with one funded
 * account. The app's chain watcher talks to it over JSON-RPC exactly as to a public node.
 */
export async function startLocalChain(options: { chainId?: number; port?: number; host?: string; blockTime?: number } = {}): Promise<LocalChain> {
  const chainId = options.chainId ?? 1337;
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId, allowUnlimitedContractSize: false },
    // Tests: one block per transaction (instamine). `npm run chain`: a block every `blockTime` seconds, so confirmations come by themselves.
    miner: options.blockTime ? { blockTime: options.blockTime } : { instamine: "strict" },
    wallet: { accounts: [{ secretKey: LOCAL_CHAIN_KEY, balance: `0x${(10n ** 24n).toString(16)}` }] },
  });
  await server.listen(options.port ?? 0, options.host ?? "127.0.0.1");
  const address = server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const chain = { id: chainId, name: "local", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [url] } } };
  const account = privateKeyToAccount(LOCAL_CHAIN_KEY);
  // Every call bounded well inside a test's 30 s: a request that gets no answer is retried on a
  // new connection after 5 s (viem retries 3 times), and a receipt is waited for 15 s at most.
  const transport = http(url, { timeout: RPC_TIMEOUT_MS });
  const client = createPublicClient({ chain, transport, cacheTime: 0 }) as PublicClient;
  const wallet = createWalletClient({ chain, account, transport });
  const receipt = (hash: Hash) => receiptOf(client, hash);
  const mined = async (hash: Hash) => {
    await receipt(hash);
    return hash;
  };
  return {
    url,
    chainId,
    account,
    client,
    wallet,
    async deployToken(o = {}) {
      const { abi, bytecode } = demoTokenArtifact();
      const decimals = o.decimals ?? 18;
      const hash = await wallet.deployContract({
        abi,
        bytecode,
        account,
        chain,
        args: [`Demo ${o.symbol ?? "USDT"}`, o.symbol ?? "USDT", decimals, parseUnits(o.supply ?? "1000000000", decimals)],
      });
      const { contractAddress } = await receipt(hash);
      return contractAddress!.toLowerCase() as Address;
    },
    async sendToken(token, to, amount, decimals = 18) {
      const { abi } = demoTokenArtifact();
      return mined(
        await wallet.writeContract({ address: token, abi, functionName: "transfer", args: [to, parseUnits(amount, decimals)], account, chain }),
      );
    },
    async sendTokensInOneBlock(token, transfers, decimals = 18) {
      const { abi } = demoTokenArtifact();
      await client.request({ method: "miner_stop" as never, params: [] as never });
      try {
        let nonce = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
        const hashes: Hash[] = [];
        for (const t of transfers) {
          hashes.push(
            await wallet.writeContract({
              address: token,
              abi,
              functionName: "transfer",
              args: [t.to, parseUnits(t.amount, decimals)],
              account,
              chain,
              nonce: nonce++,
              gas: 100_000n,
            }),
          );
        }
        await client.request({ method: "evm_mine" as never, params: [] as never });
        for (const hash of hashes) await receipt(hash);
        return hashes;
      } finally {
        await client.request({ method: "miner_start" as never, params: [] as never });
      }
    },
    async sendNative(to, amount) {
      return mined(await wallet.sendTransaction({ to, value: parseUnits(amount, 18), account, chain }));
    },
    receipt,
    async mine(n = 1) {
      for (let i = 0; i < n; i++) await client.request({ method: "evm_mine" as never, params: [] as never });
    },
    async snapshot() {
      return (await client.request({ method: "evm_snapshot" as never, params: [] as never })) as string;
    },
    async revert(id) {
      await client.request({ method: "evm_revert" as never, params: [id] as never });
    },
    blockNumber: () => client.getBlockNumber(),
    stop: () => server.close(),
  };
}
