/**
 * The storefront's visit beacon (decision 0010): one POST per page load of a shop, so the vendor's dashboard can
 * show orders per visit. No cookie, no identifier and no third party; the server leaves robots out by their user
 * agent. Moving between the shop's pages inside the app is the same page load and is not counted again.
 */
let sent = false;

export function sendVisitBeacon(slug: string) {
  if (sent || !slug) return;
  sent = true;
  fetch('/api/store/store-visit/', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', 'store-origin': slug },
    body: '{}',
  }).catch(() => {
    // A visit that could not be counted is not the shopper's concern.
  });
}
