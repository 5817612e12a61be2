/**
 * An address on the platform's main domain, keeping this page's protocol and port (so it also works on
 * localhost:PORT). Pages that live on another face (marketplace, login) are reached this way: on a
 * shop's own host every path belongs to the shop.
 */
export function mainDomainUrl(platformDomain: string, path: string): string {
  // Rendered on a server there is no page location: a protocol-relative address still works.
  if (typeof window === 'undefined') return `//${platformDomain}${path}`;
  const { protocol, port } = window.location;
  return `${protocol}//${platformDomain}${port ? `:${port}` : ''}${path}`;
}
