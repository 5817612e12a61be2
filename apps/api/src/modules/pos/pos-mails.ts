import { type PosSale, receiptText } from '@haat/contracts';

import { brandOf, layout, type MailMessage, para } from '../mail/index.ts';

/** The counter receipt by mail: the same lines as the printed receipt and the WhatsApp message. */
export function receiptMail(input: { to: string; storeId: string; sale: PosSale }): MailMessage {
  const brand = brandOf(input.sale.shop.name);
  const lines = receiptText(input.sale);
  return {
    to: input.to,
    storeId: input.storeId,
    subject: `Your receipt ${input.sale.order_number} from ${brand}`,
    text: lines.join('\n'),
    html: layout(brand, lines.filter(Boolean).map(para).join('')),
  };
}
