// The page's first scripts run as four tasks of tens of milliseconds each on a slow phone, not one
// long task that holds input for all of them: the libraries' modules, React DOM's, the app's
// modules, then its start: the first two imports each end a task with a pause, and the start
// waits for a task of its own.
import "./app/boot/pause-after-libraries";
import "./app/boot/react-dom-then-pause";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import "./index.css";
import { applyLanguage, initialLanguage } from "./i18n/language";
import { isNativeShell, registerServiceWorker } from "./pwa/register-sw";
import { warmUpWhileSplashShows } from "./app/warm-up";
import { nextTask } from "./app/boot/next-task";

await nextTask();
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
