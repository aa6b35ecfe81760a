import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { adminUserDetailResponse, changeUserRoleResponse } from "@p2p/shared";
import { adminProposals, auditLog, notifications, userRoles } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { getJson, postJson, rowCount } from "../../test/trading-fixtures.js";

let server: TestServer;
let thief: TestUser;
let second: TestUser;
const newUser = (role?: "user" | "merchant" | "admin") => createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role });
const roleOf = async (id: string) => (await server.ctx.db.select().from(userRoles).where(eq(userRoles.userId, id)))[0]!.role;
const setRole = (by: TestUser, target: TestUser, role: string) => postJson(server.url, by.token, `/api/admin/users/${target.id}/role`, { role });
const withdraw = (by: TestUser, target: TestUser) =>
  fetch(`${server.url}/api/admin/users/${target.id}/admin-proposal`, { method: "DELETE", headers: { authorization: `Bearer ${by.token}` } });
const auditOf = (targetId: string, action: string) =>
  server.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)));
const proposalOf = async (id: string) => (await server.ctx.db.select().from(adminProposals).where(eq(adminProposals.userId, id)))[0] ?? null;

beforeAll(async () => {
  server = await startTestServer();
  thief = await newUser("admin");
  second = await newUser("admin");
});
afterAll(() => server.stop());

describe("making an account an admin takes two admins", () => {
  it("an admin who makes a second account of their own an admin only proposes it: the account gets no admin rights", async () => {
    const sockPuppet = await newUser();
    const proposed = await setRole(thief, sockPuppet, "admin");
    expect(proposed.status).toBe(200);
    expect(changeUserRoleResponse.parse(proposed.body)).toEqual({ role: "user", admin_pending: true });
    expect(await roleOf(sockPuppet.id)).toBe("user");
    // It cannot reach the admin queues, so it cannot confirm the thief's own deposit.
    expect((await getJson(server.url, sockPuppet.token, "/api/admin/deposits")).status).toBe(403);

    // Asking again is not a second pair of eyes.
    const again = await setRole(thief, sockPuppet, "admin");
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("You proposed this already. Another admin has to approve it.");
    expect(await roleOf(sockPuppet.id)).toBe("user");

    expect(await auditOf(sockPuppet.id, "user.admin_proposed")).toEqual([
      expect.objectContaining({ actorId: thief.id, data: { user_id: sockPuppet.id, from: "user" } }),
    ]);
    // The other admins are told; the proposer is not.
    const told = await server.ctx.db.select().from(notifications).where(eq(notifications.title, "Admin Role Awaiting Approval"));
    expect(told.map((n) => n.userId)).toContain(second.id);
    expect(told.map((n) => n.userId)).not.toContain(thief.id);
    expect(told.find((n) => n.userId === second.id)!.message).toBe(
      `${thief.username} proposed ${sockPuppet.username} as an admin. Another admin has to approve it in the Admin Panel.`,
    );

    const detail = adminUserDetailResponse.parse((await getJson(server.url, second.token, `/api/admin/users/${sockPuppet.id}`)).body);
    expect(detail.user.admin_proposal).toMatchObject({ proposed_by_id: thief.id, proposed_by: thief.username });
  });

  it("a different admin's choice approves it: the account becomes admin and the audit names both admins", async () => {
    const candidate = await newUser("merchant");
    await setRole(thief, candidate, "admin");
    const approved = await setRole(second, candidate, "admin");
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ role: "admin", admin_pending: false });
    expect(await roleOf(candidate.id)).toBe("admin");
    expect(await proposalOf(candidate.id)).toBeNull();
    const [changed] = await auditOf(candidate.id, "user.role_changed");
    expect(changed).toMatchObject({ actorId: second.id, data: { from: "merchant", to: "admin", proposed_by: thief.id } });
    const detail = adminUserDetailResponse.parse((await getJson(server.url, thief.token, `/api/admin/users/${candidate.id}`)).body);
    expect(detail.user.admin_proposal).toBeNull();
  });

  it("two admins approving at once make one change; the other is told it is done", async () => {
    const third = await newUser("admin");
    const candidate = await newUser();
    await setRole(thief, candidate, "admin");
    const answers = await Promise.all([setRole(second, candidate, "admin"), setRole(third, candidate, "admin")]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.message).toBe("This account is already an admin.");
    expect(await auditOf(candidate.id, "user.role_changed")).toHaveLength(1);
  });

  it("a proposal by someone who is no longer an admin counts for nothing: the next admin's choice only proposes again", async () => {
    const fallen = await newUser("admin");
    const candidate = await newUser();
    await setRole(fallen, candidate, "admin");
    expect((await setRole(second, fallen, "user")).status).toBe(200);
    const next = await setRole(second, candidate, "admin");
    expect(next.body).toEqual({ role: "user", admin_pending: true });
    expect(await roleOf(candidate.id)).toBe("user");
    expect((await proposalOf(candidate.id))!.proposedBy).toBe(second.id);
  });

  it("any admin withdraws a proposal, and another role chosen meanwhile drops it; with none left, withdrawing changes nothing", async () => {
    const candidate = await newUser();
    await setRole(thief, candidate, "admin");
    const declined = await withdraw(second, candidate);
    expect(declined.status).toBe(200);
    expect(await proposalOf(candidate.id)).toBeNull();
    expect(await auditOf(candidate.id, "user.admin_proposal_withdrawn")).toEqual([
      expect.objectContaining({ actorId: second.id, data: { user_id: candidate.id, proposed_by: thief.id } }),
    ]);

    const before = await rowCount(server.ctx.db, "audit_log");
    const none = await withdraw(second, candidate);
    expect(none.status).toBe(409);
    expect(((await none.json()) as { error: { message: string } }).error.message).toBe("No admin role is waiting for approval on this account.");
    expect(await rowCount(server.ctx.db, "audit_log")).toBe(before);

    await setRole(thief, candidate, "admin");
    expect((await setRole(second, candidate, "merchant")).status).toBe(200);
    expect(await proposalOf(candidate.id)).toBeNull();
    expect(await roleOf(candidate.id)).toBe("merchant");
    // So the first admin's proposal cannot be approved later behind the merchant decision.
    expect((await setRole(second, candidate, "admin")).body).toEqual({ role: "merchant", admin_pending: true });
  });

  it("withdrawing is for admins only, and names accounts that exist", async () => {
    const candidate = await newUser();
    await setRole(thief, candidate, "admin");
    expect((await withdraw(candidate, candidate)).status).toBe(403);
    expect((await withdraw(await newUser("merchant"), candidate)).status).toBe(403);
    expect((await withdraw(second, { ...candidate, id: "00000000-0000-0000-0000-000000000000" })).status).toBe(404);
    expect((await withdraw(second, { ...candidate, id: "nope" })).status).toBe(404);
    expect(await proposalOf(candidate.id)).not.toBeNull();
  });
});
