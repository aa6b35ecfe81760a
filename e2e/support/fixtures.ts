import { inject, test as base } from "vitest";
import type { BrowserContext } from "playwright-core";
import { finishTracing, saveServerLog, startTracing } from "./artifacts.js";
import { createConfirmedUser, signInThroughApi } from "./accounts.js";
import { launchChromium, newPhoneContext } from "./browser.js";
import { startProduct } from "./product.js";

/**
 * The e2e test API. Per file: the product (a child process on a fresh copy of the migrated, seeded
 * store of store-template.ts) and one Chromium.
 * Per test: a fresh phone-sized browser context and page, traced; a failing test leaves its
 * screenshot, trace and the server's output in e2e/artifacts/.
 */
export const test = base
  /** Extra server environment; a spec overrides it with test.override('productEnv', { scope: 'file' }, …). */
  .extend("productEnv", { scope: "file" }, (): Record<string, string> => ({}))
  .extend("app", { scope: "file" }, async ({ productEnv }, { onCleanup }) => {
    const app = await startProduct({ env: productEnv, template: inject("storeTemplate") });
    onCleanup(() => app.stop());
    return app;
  })
  /** Whether new tabs show the 2-second splash; the shell's spec turns it on with test.override. */
  .extend("splash", { scope: "file" }, (): boolean => false)
  .extend("browser", { scope: "file" }, async ({}, { onCleanup }) => {
    const browser = await launchChromium();
    onCleanup(() => browser.close());
    return browser;
  })
  /** Opens another, separate browser profile (a second device of the same person, say). */
  .extend("openContext", async ({ app, browser, splash, task }, { onCleanup }) => {
    const opened: BrowserContext[] = [];
    onCleanup(async () => {
      for (const [index, context] of opened.entries()) {
        await finishTracing(context, task, index === 0 ? "" : `-context${index + 1}`);
        await context.close();
      }
      saveServerLog(task, app.output());
    });
    return async (): Promise<BrowserContext> => {
      const context = await newPhoneContext(browser, app.url, { splash });
      await startTracing(context);
      opened.push(context);
      return context;
    };
  })
  .extend("context", async ({ openContext }) => openContext())
  .extend("page", async ({ context }) => context.newPage())
  /** A confirmed account with a complete profile, already signed in in `context` through the API. */
  .extend("signedInUser", async ({ app, context }) => {
    const user = await createConfirmedUser(app.url);
    await signInThroughApi(context, user);
    return user;
  });

export { describe, expect } from "vitest";
