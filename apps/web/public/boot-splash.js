/*
 * The splash before any of the app's JavaScript has loaded (spec §2: logo, product name, tagline).
 * index.html paints it; this runs right after it, before the first paint, and puts it in the
 * device's theme and language the way the app will (features/theme/theme-provider.tsx,
 * i18n/language.ts), so the app takes over the same picture. Texts are the catalogs' own
 * (features/shell/boot-splash.test.ts checks them). It also starts the session's read, which the
 * app's code would otherwise ask for only once it has arrived.
 */
(function () {
  // The session, asked for now, while the app's code downloads: every first screen waits for it,
  // and asked for by the app it came a round trip after the code (features/auth/early-session-read.ts
  // takes this answer, or null when it was not a 200 with JSON, and asks again itself).
  try {
    window.__naijap2pSessionRead = fetch("/api/auth/session", { credentials: "same-origin" })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .catch(function () {
        return null;
      });
  } catch (e) {
    // No fetch (a very old browser): the app asks for the session itself.
  }

  var TEXTS = {
    "en": { locale: "en-NG", dir: "ltr", tagline: "Secure Peer-to-Peer Crypto Trading", loading: "NaijaP2P: loading" },
    "pcm": { locale: "pcm-NG", dir: "ltr", tagline: "Safe Person-to-Person Crypto Trading", loading: "NaijaP2P: e dey load" },
    "ha": { locale: "ha-NG", dir: "ltr", tagline: "Amintaccen cinikin kirifto tsakanin mutane", loading: "NaijaP2P: ana lodawa" },
    "yo": { locale: "yo-NG", dir: "ltr", tagline: "Ìṣòwò kirípítò láàárín ẹni sí ẹni tó ní ààbò", loading: "NaijaP2P: ó ń gbé wọlé" },
    "ig": { locale: "ig-NG", dir: "ltr", tagline: "Azụmahịa kripto dị nchebe n'etiti mmadụ na mmadụ", loading: "NaijaP2P: ọ na-ebubata" },
    "fr": { locale: "fr-FR", dir: "ltr", tagline: "Échange de cryptos de pair à pair sécurisé", loading: "NaijaP2P : chargement" },
    "ar": { locale: "ar", dir: "rtl", tagline: "تداول آمن للعملات المشفرة بين الأفراد", loading: "NaijaP2P: جارٍ التحميل" },
    "pt": { locale: "pt-BR", dir: "ltr", tagline: "Negociação de cripto ponto a ponto segura", loading: "NaijaP2P: carregando" },
    "es": { locale: "es-ES", dir: "ltr", tagline: "Intercambio seguro de cripto entre personas", loading: "NaijaP2P: cargando" },
    "sw": { locale: "sw-KE", dir: "ltr", tagline: "Biashara salama ya kripto kati ya watu", loading: "NaijaP2P: inapakia" },
    "zh": { locale: "zh-CN", dir: "ltr", tagline: "安全的点对点加密货币交易", loading: "NaijaP2P：加载中" },
    "hi": { locale: "hi-IN", dir: "ltr", tagline: "सुरक्षित पीयर-टू-पीयर क्रिप्टो ट्रेडिंग", loading: "NaijaP2P: लोड हो रहा है" }
  };

  function stored(key, session) {
    try {
      return (session ? sessionStorage : localStorage).getItem(key);
    } catch (e) {
      return null;
    }
  }

  function pickLanguage() {
    var chosen = stored("naijap2p.language");
    if (chosen && TEXTS[chosen]) return chosen;
    var tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
    for (var i = 0; i < tags.length; i++) {
      var lower = String(tags[i]).toLowerCase();
      if (TEXTS[lower]) return lower;
      var primary = lower.split("-")[0];
      if (TEXTS[primary]) return primary;
    }
    return "en";
  }

  var root = document.documentElement;
  // When the splash's animations began: the app's own splash continues them from there.
  root.setAttribute("data-splash-at", String(Math.round(performance.now())));
  var theme = stored("vite-ui-theme");
  if (theme !== "light" && theme !== "dark") theme = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;

  var texts = TEXTS[pickLanguage()];
  root.lang = texts.locale;
  root.dir = texts.dir;
  var splash = document.getElementById("boot-splash");
  if (!splash) return;
  // Once per tab session (features/shell/splash.tsx notes it when the splash ends): a reload
  // goes straight back to the screen.
  if (stored("naijap2p.splash-shown", true) === "1") {
    root.setAttribute("data-splash-skipped", "");
    splash.remove();
    return;
  }
  splash.setAttribute("aria-label", texts.loading);
  var tagline = document.getElementById("boot-splash-tagline");
  if (tagline) tagline.textContent = texts.tagline;
})();
