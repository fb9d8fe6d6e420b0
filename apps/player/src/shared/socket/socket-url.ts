// Where a real-time connection goes (§7: its URL from configuration): its own setting when the
// operator gave one, else the API's base, else this page's origin. A base with a path
// (https://host/api, the server behind a proxy's prefix) has socket.io under that path too, and
// its namespaces stay /notice and /machine.

/** What socket.io-client's io() takes: the server and namespace, and the engine's path. */
export type SocketTarget = { url: string; path: string };

export function socketTarget(configured: string, apiUrl: string, namespace: string): SocketTarget {
  const base = configured || apiUrl;
  if (!base) return { url: namespace, path: '/socket.io' };
  const url = new URL(base);
  const prefix = url.pathname.replace(/\/+$/, '');
  return { url: `${url.protocol}//${url.host}${namespace}`, path: `${prefix}/socket.io` };
}
