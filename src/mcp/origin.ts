const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a browser Origin may call the tool endpoint: loopback pages, the service's own public origin, and
 * the configured list. The Host header is not trusted for this, since DNS rebinding controls it.
 */
export function isAllowedOrigin(origin: string, publicBaseUrl: string, allowed: readonly string[]): boolean {
  if (allowed.includes('*')) return true;
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  // The exact string a browser sends (scheme://host[:port]): no user info (http://evil@localhost), no path.
  if (url.origin !== origin) return false;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (LOOPBACK_HOSTS.has(url.hostname)) return true;
  return url.origin === new URL(publicBaseUrl).origin || allowed.includes(url.origin);
}
