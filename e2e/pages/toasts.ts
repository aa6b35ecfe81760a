import type { Locator, Page } from "playwright-core";

/** The toaster region (sonner renders a <section aria-label="Notifications …">). */
export function toastRegion(page: Page): Locator {
  return page.getByRole("region", { name: /^Notifications/ });
}

/** The toasts whose title is exactly `title`. */
function toastTitled(page: Page, title: string): Locator {
  return toastRegion(page)
    .getByRole("listitem")
    .filter({ has: page.getByText(title, { exact: true }) });
}

/**
 * Waits until a toast shows exactly `title` and, when given, exactly `description`
 * (the spec's texts are word for word). Returns the toast.
 */
export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<Locator> {
  let toast = toastTitled(page, title);
  if (description !== undefined) {
    toast = toast.filter({
      has: typeof description === "string" ? page.getByText(description, { exact: true }) : page.getByText(description),
    });
  }
  try {
    await toast.first().waitFor({ state: "visible", timeout: 15_000 });
  } catch {
    const shown = await toastRegion(page)
      .getByRole("listitem")
      .allInnerTexts()
      .catch(() => []);
    const wanted = description === undefined ? title : `${title} / ${description}`;
    throw new Error(`Expected a toast "${wanted}"; toasts shown: ${JSON.stringify(shown)}`);
  }
  return toast.first();
}

/** Fails when a toast with exactly `title` is showing now. */
export async function expectNoToast(page: Page, title: string): Promise<void> {
  const shown = await toastTitled(page, title).count();
  if (shown > 0) {
    const texts = await toastRegion(page)
      .getByRole("listitem")
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`Expected no toast "${title}"; toasts shown: ${JSON.stringify(texts)}`);
  }
}

/**
 * Closes the toast with exactly `title` if it is showing, and waits until it is gone: at phone
 * width a toast covers the top of the page, where the next control may be, and on a slow host a
 * click aimed at that control can land on the toast as it slides in.
 */
export async function dismissToast(page: Page, title: string): Promise<void> {
  const toast = toastTitled(page, title);
  if ((await toast.count()) > 0)
    await toast
      .first()
      .getByRole("button", { name: "Close toast" })
      .click()
      .catch(() => undefined);
  await toast.first().waitFor({ state: "hidden" });
}
