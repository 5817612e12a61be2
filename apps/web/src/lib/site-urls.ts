/**
 * An address on another host of the platform (the main domain, or `admin.` for the back office), keeping
 * this page's protocol and port so it also works on localhost:PORT. Sessions are kept per host.
 */
export function platformUrl(platformDomain: string, path: string, subdomain?: 'admin') {
  const host = subdomain ? `${subdomain}.${platformDomain}` : platformDomain;
  if (typeof window === 'undefined') return `//${host}${path}`;
  const { protocol, port } = window.location;
  return `${protocol}//${host}${port ? `:${port}` : ''}${path}`;
}
