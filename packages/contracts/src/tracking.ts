/**
 * Tracking pages of well-known Indian carriers that take the tracking number in the address. For any other
 * carrier (or one whose page has no such address) the vendor types the link, or the order shows none.
 */
const TRACKING_PAGES: Record<string, (n: string) => string> = {
  delhivery: (n) => `https://www.delhivery.com/track/package/${n}`,
  'blue dart': (n) => `https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=${n}`,
  bluedart: (n) => `https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=${n}`,
  ekart: (n) => `https://ekartlogistics.com/shipmenttrack/${n}`,
  xpressbees: (n) => `https://www.xpressbees.com/shipment/tracking?awbNo=${n}`,
  shiprocket: (n) => `https://shiprocket.co/tracking/${n}`,
};

/** The carrier's tracking page for this number, or null when we do not know how to build it. */
export function trackingLink(carrier: string, trackingNumber: string): string | null {
  const build = TRACKING_PAGES[carrier.trim().toLowerCase()];
  return build ? build(encodeURIComponent(trackingNumber.trim())) : null;
}
