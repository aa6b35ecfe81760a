import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import "./index.css";
import { applyLanguage, initialLanguage } from "./i18n/language";
import { isNativeShell, registerServiceWorker } from "./pwa/register-sw";

void applyLanguage(initialLanguage());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
if (isNativeShell()) void import("./native").then((native) => native.initNative());
