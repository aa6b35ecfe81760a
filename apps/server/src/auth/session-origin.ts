/** Where a session is asked for: the kind of client, and the request's address and browser. */
export type ClientKind = "web" | "native";
export type RequestInfo = { ip?: string; userAgent?: string };
