import type { Locator, Page } from "playwright-core";
import { expectPath } from "./app.js";

/** How long a message from the other browser may take to arrive (live over the socket). */
const LIVE_MS = 15_000;

/** /chat/:orderId: the order's chat as one party sees it. */
export class ChatPage {
  constructor(readonly page: Page) {}

  async open(orderId: string): Promise<void> {
    await this.page.goto(`/chat/${orderId}`);
    await expectPath(this.page, `/chat/${orderId}`);
    await this.input().waitFor();
  }

  /** The scrolling history (role "log"). */
  log(): Locator {
    return this.page.getByRole("log", { name: "Messages" });
  }

  input(): Locator {
    return this.page.getByLabel("Message", { exact: true });
  }

  /** Types and sends a text message, waiting until it shows in the history. */
  async send(text: string): Promise<void> {
    await this.input().fill(text);
    await this.page.getByRole("button", { name: "Send", exact: true }).click();
    await this.message(text).waitFor();
  }

  /** Attaches an image file (with an optional caption) and sends it, waiting for its thumbnail. */
  async sendImage(path: string, caption = ""): Promise<void> {
    const before = await this.images().count();
    await this.page.locator('input[type="file"][aria-label="Attach an image"]').setInputFiles(path);
    await this.page.getByRole("img", { name: "Image to send" }).waitFor();
    if (caption) await this.input().fill(caption);
    await this.page.getByRole("button", { name: "Send", exact: true }).click();
    await this.page.getByRole("img", { name: "Image to send" }).waitFor({ state: "detached" });
    await this.images().nth(before).waitFor();
  }

  /** A message whose text is exactly `text` (rendered as text, whatever it contains). */
  message(text: string): Locator {
    return this.log().getByText(text, { exact: true });
  }

  async expectMessage(text: string): Promise<void> {
    await this.message(text).waitFor({ timeout: LIVE_MS });
  }

  /** The image thumbnails in the history, oldest first (buttons "Open photo…"). */
  images(): Locator {
    return this.log().getByRole("button", { name: /^Open photo/ });
  }

  /** Waits until the n-th thumbnail's image has really loaded (bytes served to this viewer). */
  async expectImageLoaded(index: number): Promise<void> {
    const img = this.images().nth(index).locator("img");
    await img.waitFor({ timeout: LIVE_MS });
    await this.page.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
      await img.elementHandle(),
      {
        timeout: LIVE_MS,
      },
    );
  }

  /** Opens a thumbnail larger; returns the dialog. */
  async openImage(index: number): Promise<Locator> {
    await this.images().nth(index).click();
    const dialog = this.page.getByRole("dialog");
    await dialog.getByRole("img").waitFor();
    return dialog;
  }
}

/** /merchant-group-chat: every merchant's (and the admins') one group chat, in the same chat view. */
export class MerchantGroupChatPage extends ChatPage {
  async openGroup(): Promise<void> {
    await this.page.goto("/merchant-group-chat");
    await this.page.getByRole("heading", { level: 1, name: "Merchant Group Chat" }).waitFor();
    await this.input().waitFor();
  }
}

/** /chat: the list of order chats. */
export class ChatListPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto("/chat");
    await this.page.getByRole("heading", { level: 1, name: "Messages" }).waitFor();
  }

  /** The row of a chat with someone, as its link. */
  chatWith(username: string): Locator {
    return this.page.getByRole("main").getByRole("link").filter({ hasText: username });
  }
}

/** The count on the shell's Messages icon (unread message notifications); 0 when no badge shows. */
export async function messagesBadge(page: Page): Promise<number> {
  // The link's name is "Messages" plus the badge's own words ("Messages 2 unread").
  const link = page.getByRole("banner").getByRole("link", { name: /^Messages\b/ });
  const text = (await link.textContent()) ?? "";
  const match = /(\d+)/.exec(text);
  return match ? Number(match[1]) : 0;
}

/** Waits until the Messages badge shows `count`. */
export async function expectMessagesBadge(page: Page, count: number, timeout = LIVE_MS): Promise<void> {
  const started = Date.now();
  let last = -1;
  while (Date.now() - started < timeout) {
    last = await messagesBadge(page).catch(() => -1);
    if (last === count) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`Expected the Messages badge to show ${count}; it shows ${last}`);
}
