import type { CapacitorConfig } from "@capacitor/cli";

const config: CapacitorConfig = {
  appId: "ng.naijap2p.app",
  appName: "NaijaP2P",
  webDir: "dist",
  server: { androidScheme: "https" },
  plugins: {
    PushNotifications: { presentationOptions: ["badge", "sound", "alert"] },
    LocalNotifications: { iconColor: "#059669" },
  },
};

export default config;
