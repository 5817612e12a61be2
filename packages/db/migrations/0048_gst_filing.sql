-- GST filing (issue 39). An HSN code is 4, 6 or 8 digits (the GST portal takes no other length); rows written before
-- keep what they have (NOT VALID: the check applies to every insert and update from now on, and the inventory lists
-- products whose code is missing or of another length).
ALTER TABLE "products" DROP CONSTRAINT "products_hsn_valid";
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn_valid"
  CHECK ("hsn_code" is null or "hsn_code" ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$') NOT VALID;
--> statement-breakpoint
-- What the e-invoice registration portal (IRP) returned for a B2B invoice, entered by the merchant: the invoice
-- reference number (64 hex characters), the acknowledgement number and date, and the signed QR code it prints.
ALTER TABLE "tax_documents" ADD COLUMN "irn" text;
--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "irn_ack_no" text;
--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "irn_ack_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "signed_qr" text;
--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_irn_valid"
  CHECK ("irn" is null or ("irn" ~ '^[0-9a-f]{64}$' and "kind" = 'INVOICE' and "irn_ack_no" is not null and "irn_ack_at" is not null));
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_irn_uq" ON "tax_documents" ("store_id", "irn") WHERE "irn" IS NOT NULL;
--> statement-breakpoint
-- GSTR-1 reads a month of a shop's documents by issue date.
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" ("store_id", "issued_at");
