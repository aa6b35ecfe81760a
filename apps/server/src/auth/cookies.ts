/** __Host- cookies: Secure, Path=/, no Domain, so no other site or subdomain can set or read them. */
export const ACCESS_COOKIE = "__Host-p2p_at";
export const REFRESH_COOKIE = "__Host-p2p_rt";
