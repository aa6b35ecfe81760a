import { describe, expect, it } from "vitest";
import { defaultNotificationPreferences } from "@p2p/shared";
import { channelAllowed } from "./delivery";

describe("channelAllowed", () => {
  it("follows the user's switch for that type and channel only", () => {
    const prefs = defaultNotificationPreferences();
    prefs.order_update.toast = false;
    expect(channelAllowed(prefs, "order_update", "toast")).toBe(false);
    expect(channelAllowed(prefs, "order_update", "browser")).toBe(true);
    expect(channelAllowed(prefs, "new_message", "toast")).toBe(true);
  });

  it("is on while the preferences are unknown", () => {
    expect(channelAllowed(undefined, "price_update", "browser")).toBe(true);
    expect(channelAllowed({}, "price_update", "push")).toBe(true);
  });
});
