import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, ConfigError } from "../config.js";
import { createFcmSender } from "./fcm-sender.js";
import { startFakeFcm, type FakeFcm } from "../../test/fakes/fake-fcm.js";
import { PushTokenGoneError } from "./push-sender.js";

let fcm: FakeFcm;
beforeAll(async () => {
  fcm = await startFakeFcm();
});
afterAll(() => fcm.close());

const options = () => ({
  projectId: fcm.projectId,
  clientEmail: fcm.clientEmail,
  privateKey: fcm.privateKeyPem,
  apiRoot: fcm.url,
  tokenUrl: fcm.tokenUrl,
});
const message = {
  token: "device-token-abcdefghijklmnopqrstuvwxyz",
  title: "Order Accepted",
  body: "Your order was accepted.",
  data: { type: "order_update" },
};

describe("FCM HTTP v1 sender", () => {
  it("exchanges a signed service-account JWT for a bearer token and sends the message", async () => {
    await createFcmSender(options()).send(message);
    expect(fcm.delivered.at(-1)).toMatchObject({ token: message.token, notification: { title: "Order Accepted", body: "Your order was accepted." } });
  });

  it("is refused by the token endpoint when the JWT is signed with another key", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const stranger = createFcmSender({ ...options(), privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString() });
    await expect(stranger.send(message)).rejects.toThrow(/token endpoint answered 400 invalid_grant/);
  });

  it("reports an unregistered device as gone, and a failing service as an error to retry", async () => {
    const sender = createFcmSender(options());
    fcm.unregister("gone-device-token-abcdefghijklmnop");
    await expect(sender.send({ ...message, token: "gone-device-token-abcdefghijklmnop" })).rejects.toBeInstanceOf(PushTokenGoneError);
    fcm.failSend(1);
    const err = await sender.send(message).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PushTokenGoneError);
    expect((err as Error).message).toMatch(/503 UNAVAILABLE/);
  });
});

describe("FCM configuration", () => {
  it("is off when unset, and refuses a partial or broken service account", () => {
    expect(loadConfig({}).FCM_PROJECT_ID).toBeUndefined();
    expect(() => loadConfig({ FCM_PROJECT_ID: "naijap2p" })).toThrow(ConfigError);
    expect(() => loadConfig({ FCM_PROJECT_ID: "naijap2p", FCM_CLIENT_EMAIL: "a@b.iam.gserviceaccount.com", FCM_PRIVATE_KEY: "not a key" })).toThrow(
      /FCM_PRIVATE_KEY/,
    );
    const ok = loadConfig({
      FCM_PROJECT_ID: "naijap2p",
      FCM_CLIENT_EMAIL: "a@b.iam.gserviceaccount.com",
      FCM_PRIVATE_KEY: fcm.privateKeyPem.replace(/\n/g, "\\n"),
    });
    expect(ok.FCM_PRIVATE_KEY).toBe(fcm.privateKeyPem);
  });
});
