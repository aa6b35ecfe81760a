import { badgesResponse } from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

export const badgeContract = contracts("Badges", {
  "GET /api/badges": {
    summary: "Every count the navigation shows",
    access: "signed-in",
    description:
      "Each count by its list's rule: `order_chats` is the sum of `/chats`' per-chat `unread`, `messages` adds the live chat. `badges.changed` on `user:<id>` carries the same object after a read mark moves.",
    responses: { 200: badgesResponse },
  },
});
