import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import "./index.css";
import { applyLanguage, initialLanguage } from "./i18n/language";
import { isNativeShell, registerServiceWorker } from "./pwa/register-sw";
import { warmUpWhileSplashShows } from "./app/warm-up";

void applyLanguage(initialLanguage());

// A transition: React renders the first screen in slices of a few milliseconds instead of one long
// task, so a slow phone's main thread stays free for input behind the splash.
const root = createRoot(document.getElementById("root")!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
warmUpWhileSplashShows();

registerServiceWorker();
if (isNativeShell()) void import("./native").then((native) => native.initNative());
