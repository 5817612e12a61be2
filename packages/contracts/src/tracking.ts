/**
 * Public tracking pages of the Indian carriers Haat knows (issue 40), one table for the API, the mails, WhatsApp and
 * the screens. `page` builds the address for a tracking number; `numberInLink` is false when the carrier's page does
 * not take the number in its address (India Post's asks for it with a captcha): the customer is sent to the page and
 * reads the number beside the link. Any other carrier: the vendor types the link, or the number shows as text.
 *
 * Address forms as the carriers publish them (checked December 2026):
 * - India Post: https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx (number typed there)
 * - Delhivery: https://www.delhivery.com/track/package/<AWB>
 * - Blue Dart: https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=<waybill>
 * - DTDC: https://www.dtdc.in/tracking/tracking_results.asp?Ttype=awb_no&strCnno=<consignment>&TrkType2=awb_no
 * - Ekart: https://ekartlogistics.com/shipmenttrack/<tracking id>
 * - Xpressbees: https://www.xpressbees.com/shipment/tracking?awbNo=<AWB>
 */
export interface Carrier {
  /** As the screens and mails write it. */
  name: string;
  /** Lowercase spellings a vendor may type (spaces and dots ignored). */
  aliases: readonly string[];
  page: (n: string) => string;
  numberInLink: boolean;
}

/** In the order the vendor's Ship dialog offers them. */
export const CARRIER_PAGES: readonly Carrier[] = [
  {
    name: 'Delhivery',
    aliases: ['delhivery'],
    page: (n) => `https://www.delhivery.com/track/package/${n}`,
    numberInLink: true,
  },
  {
    name: 'Blue Dart',
    aliases: ['bluedart', 'bluedartexpress'],
    page: (n) => `https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=${n}`,
    numberInLink: true,
  },
  {
    name: 'Ekart',
    aliases: ['ekart', 'ekartlogistics'],
    page: (n) => `https://ekartlogistics.com/shipmenttrack/${n}`,
    numberInLink: true,
  },
  {
    name: 'Xpressbees',
    aliases: ['xpressbees', 'expressbees'],
    page: (n) => `https://www.xpressbees.com/shipment/tracking?awbNo=${n}`,
    numberInLink: true,
  },
  {
    name: 'Shiprocket',
    aliases: ['shiprocket'],
    page: (n) => `https://shiprocket.co/tracking/${n}`,
    numberInLink: true,
  },
  {
    name: 'DTDC',
    aliases: ['dtdc', 'dtdcexpress'],
    page: (n) =>
      `https://www.dtdc.in/tracking/tracking_results.asp?Ttype=awb_no&strCnno=${n}&TrkType2=awb_no`,
    numberInLink: true,
  },
  {
    name: 'India Post',
    aliases: ['indiapost', 'speedpost', 'indiapostspeedpost', 'postoffice'],
    page: () => 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx',
    numberInLink: false,
  },
];

/** The known carrier a typed name means ("Blue Dart", "bluedart", "Speed Post"), or null. */
export function knownCarrier(carrier: string): Carrier | null {
  const key = carrier.toLowerCase().replace(/[\s.\-_]/g, '');
  return CARRIER_PAGES.find((c) => c.aliases.includes(key)) ?? null;
}

/** The carrier's tracking page for this number, or null when we do not know how to build it. */
export function trackingLink(carrier: string, trackingNumber: string): string | null {
  const known = knownCarrier(carrier);
  return known ? known.page(encodeURIComponent(trackingNumber.trim())) : null;
}
