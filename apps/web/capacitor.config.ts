import type { CapacitorConfig } from "@capacitor/cli";

/**
 * The product's public address (CAP_SERVER_URL=https://naijap2p.ng npx cap sync): the app shell
 * opens it, so /api, /realtime and the session cookies stay first-party exactly as on the web, and
 * the installed app always runs the server's current release. Without it the shell serves the
 * bundled build (for trying the shell against a local server with `npx cap run`).
 */
const serverUrl = process.env.CAP_SERVER_URL;

const config: CapacitorConfig = {
  appId: "ng.naijap2p.app",
  appName: "NaijaP2P",
  webDir: "dist",
  server: { androidScheme: "https", ...(serverUrl ? { url: serverUrl, cleartext: serverUrl.startsWith("http://") } : {}) },
  plugins: {
    PushNotifications: { presentationOptions: ["badge", "sound", "alert"] },
    LocalNotifications: { iconColor: "#059669" },
  },
};

export default config;
