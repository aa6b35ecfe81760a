/** One Set-Cookie header, parsed: name, value and attributes (names lowercased). */
export type SetCookie = { name: string; value: string; attributes: Record<string, string | true> };

export function parseSetCookie(header: string): SetCookie {
  const [pair, ...attrs] = header.split(";").map((s) => s.trim());
  const eq = pair!.indexOf("=");
  const attributes: Record<string, string | true> = {};
  for (const attr of attrs) {
    const i = attr.indexOf("=");
    if (i === -1) attributes[attr.toLowerCase()] = true;
    else attributes[attr.slice(0, i).toLowerCase()] = attr.slice(i + 1);
  }
  return { name: pair!.slice(0, eq), value: decodeURIComponent(pair!.slice(eq + 1)), attributes };
}

type Init = { method?: string; body?: unknown; headers?: Record<string, string>; redirect?: "manual" | "follow" };

/**
 * A browser-like API client over real HTTP: keeps the cookies the server sets (a cookie with
 * Max-Age=0 or a past Expires is removed) and sends them back, as a same-origin page would.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie of the last response, parsed. */
  lastSetCookies: SetCookie[] = [];

  constructor(readonly baseUrl: string) {}

  async request(path: string, init: Init = {}): Promise<Response> {
    const url = path.startsWith("http") ? path : `${this.baseUrl}${path}`;
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size > 0 && url.startsWith(this.baseUrl)) headers.cookie = this.cookieHeader();
    let body: string | undefined;
    if (init.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    }
    const res = await fetch(url, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body,
      redirect: init.redirect ?? "manual",
    });
    if (url.startsWith(this.baseUrl)) this.store(res);
    return res;
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request(path, { headers });
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request(path, { method: "POST", body, headers });
  }

  patch(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request(path, { method: "PATCH", body, headers });
  }

  put(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request(path, { method: "PUT", body, headers });
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");
  }

  private store(res: Response): void {
    this.lastSetCookies = res.headers.getSetCookie().map(parseSetCookie);
    for (const cookie of this.lastSetCookies) {
      const maxAge = cookie.attributes["max-age"];
      const expires = cookie.attributes.expires;
      const gone = (typeof maxAge === "string" && Number(maxAge) <= 0) || (typeof expires === "string" && new Date(expires).getTime() <= Date.now());
      if (gone) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}
