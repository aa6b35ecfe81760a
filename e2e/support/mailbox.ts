import { waitFor } from "./wait.js";

/** One message of the dev mailbox (GET /dev/mailbox.json, newest first). */
export type Mail = { id: number; to: string; subject: string; text: string; html?: string | null; createdAt: string };

export async function readMailbox(baseUrl: string): Promise<Mail[]> {
  const response = await fetch(`${baseUrl}/dev/mailbox.json`);
  if (!response.ok) throw new Error(`GET /dev/mailbox.json answered ${response.status}`);
  return ((await response.json()) as { messages: Mail[] }).messages;
}

/** The id of the newest mail so far: pass it as `after` to wait only for mail sent later. */
export async function latestMailId(baseUrl: string): Promise<number> {
  return (await readMailbox(baseUrl))[0]?.id ?? 0;
}

export type MailQuery = {
  /** Only mail newer than this id. */
  after?: number;
  /** Only mail containing a link whose path starts with this, e.g. "/reset-password". */
  linkPath?: string;
  timeoutMs?: number;
};

/** Waits for the newest mail to `to` (delivered by the job runner) and returns it with its link. */
export async function waitForMail(baseUrl: string, to: string, query: MailQuery = {}): Promise<Mail & { link: string }> {
  const address = to.toLowerCase();
  return waitFor(
    `mail to ${to}${query.linkPath ? ` with a ${query.linkPath} link` : ""}`,
    async () => {
      for (const mail of await readMailbox(baseUrl)) {
        if (mail.to.toLowerCase() !== address || mail.id <= (query.after ?? 0)) continue;
        const link = linkIn(mail, query.linkPath);
        if (link) return { ...mail, link };
      }
      return undefined;
    },
    { timeoutMs: query.timeoutMs ?? 20_000, intervalMs: 200 },
  );
}

function linkIn(mail: Mail, linkPath?: string): string | undefined {
  const links = `${mail.text}\n${mail.html ?? ""}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  return links
    .map((link) => link.replace(/&amp;/g, "&").replace(/[).,]+$/, ""))
    .find((link) => !linkPath || new URL(link).pathname.startsWith(linkPath));
}
