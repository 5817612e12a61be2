import { z } from 'zod';

// In browsers the pages run under a Content-Security-Policy without 'unsafe-eval'; zod's probe for eval would
// be reported as a violation, so there it validates without compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

export * from './accounts.ts';
export * from './admin-orders.ts';
export * from './audit.ts';
export * from './barcodes.ts';
export * from './books.ts';
export * from './cart.ts';
export * from './cod.ts';
export * from './constants.ts';
export * from './counter-returns.ts';
export * from './customers.ts';
export * from './dashboard.ts';
export * from './dates.ts';
export * from './delivery-record.ts';
export * from './einvoice.ts';
export * from './engagement.ts';
export * from './envelope.ts';
export * from './figures.ts';
export * from './gst.ts';
export * from './gst-returns.ts';
export * from './gstin-field.ts';
export * from './indian-states.ts';
export * from './inventory.ts';
export * from './legible.ts';
export * from './marketplace.ts';
export * from './money.ts';
export * from './onboarding.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './phone.ts';
export * from './platform.ts';
export * from './policies.ts';
export * from './pos.ts';
export * from './product.ts';
export * from './purchases.ts';
export * from './registers.ts';
export * from './shop-settings.ts';
export * from './staff.ts';
export * from './store.ts';
export * from './tax-document.ts';
export * from './theme.ts';
export * from './tracking.ts';
export * from './variants.ts';
export * from './whatsapp.ts';
