import {
  adminProduct,
  assignedBarcodes,
  category,
  categoryBody,
  envelope,
  importReport,
  inventoryPage,
  inventoryQuery,
  ledgerPage,
  ledgerQuery,
  productDeleted,
  productFormBody,
  productLabelsQuery,
  productStats,
  productUpdateBody,
  supplier,
  supplierBody,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  errorReplies,
  fileReplies,
  idParam,
  storeOriginHeaders,
  type ZodApp,
} from '../../lib/route-schemas.ts';
import { requireVendorStore } from '../../plugins/auth.ts';
import { assignBarcodes, labelItems } from './barcodes.service.ts';
import { exportCsv, importCsv } from './csv.service.ts';
import { notCsvReason } from './csv-binary.ts';
import * as inventory from './inventory.service.ts';
import { labelsPdf } from './labels-pdf.ts';

const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;
const products = (n: number, adjective = '') =>
  `${n} ${adjective ? `${adjective} ` : ''}${n === 1 ? 'product' : 'products'}`;

const productReply = { 200: envelope(adminProduct), ...errorReplies };

/**
 * The vendor's inventory (02 §7 admin calls): products, stats, stock history, categories, suppliers, units, CSV.
 * Where the spec names a path (02 §7: `stores/product/…`, `inventory/`, `utility/product-unit/`) the call answers
 * there too, with the same handler: one implementation, at most two paths, both in OpenAPI. The list is at the
 * spec's two paths only.
 */
export const inventoryRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: 20 * 1024 * 1024 },
      (_req, body, done) => {
        const notCsv = notCsvReason(String(body));
        if (notCsv) return done(badRequest(notCsv, [{ path: 'body', message: notCsv }]));
        done(null, body);
      },
    );
    productListRoutes(app, deps);
    productCsvRoutes(app, deps);
    productRoutes(app, deps);
    stockAndLabelRoutes(app, deps);
    categoryRoutes(app, deps);
    supplierAndUnitRoutes(app, deps);
  };

/** The inventory list and its figures. */
function productListRoutes(app: ZodApp, deps: Deps) {
  for (const url of ['/stores/product/', '/inventory/']) {
    app.get(url, {
      schema: {
        tags: ['inventory'],
        summary: 'A page of the inventory with filters and sorting',
        headers: storeOriginHeaders,
        querystring: inventoryQuery,
        response: { 200: envelope(inventoryPage), ...errorReplies },
      },
      handler: async (req) => {
        const { store } = await requireVendorStore(deps, req);
        return ok(await inventory.listProducts(deps, store, req.query), 'Products fetched');
      },
    });
  }

  for (const url of ['/product/stats/', '/stores/product/product-stats/']) {
    app.get(url, {
      schema: {
        tags: ['inventory'],
        summary: 'Totals: products in stock, low, out of stock; units and value',
        headers: storeOriginHeaders,
        response: { 200: envelope(productStats), ...errorReplies },
      },
      handler: async (req) => {
        const { store } = await requireVendorStore(deps, req);
        return ok(await inventory.productStats(deps, store), 'Product stats fetched');
      },
    });
  }
}

/** The catalogue as CSV: export and import. */
function productCsvRoutes(app: ZodApp, deps: Deps) {
  app.get('/product/export.csv', {
    schema: {
      tags: ['inventory'],
      summary: 'The filtered product list as CSV',
      headers: storeOriginHeaders,
      querystring: inventoryQuery,
      response: fileReplies('text/csv', 'The products as CSV'),
    },
    handler: async (req, reply) => {
      const { store } = await requireVendorStore(deps, req);
      const csv = await exportCsv(deps, store, { ...req.query, limit: 100, offset: 0 });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${store.slug}-products-${day}.csv"`)
        .send(csv);
    },
  });

  app.post('/product/import/', {
    schema: {
      tags: ['inventory'],
      summary: 'Import products from CSV (create or update by SKU); dry_run=true only checks and reports',
      headers: storeOriginHeaders,
      querystring: z.object({ dry_run: z.enum(['true', 'false']).default('true') }),
      consumes: ['text/csv'],
      body: z
        .string({ error: 'Send the CSV file as the body (content-type text/csv)' })
        .min(1, 'The file is empty'),
      response: { 200: envelope(importReport), ...errorReplies },
    },
    handler: async (req) => {
      const { actor, store } = await requireVendorStore(deps, req);
      const dryRun = req.query.dry_run === 'true';
      const report = await importCsv(shopContext(deps, req, actor, store), req.body, dryRun);
      const message = dryRun
        ? `${report.valid_rows} of ${rows(report.total_rows)} ${report.valid_rows === 1 ? 'is' : 'are'} ready to import`
        : `Imported ${products(report.created, 'new')} and updated ${products(report.updated)}`;
      return ok(report, message);
    },
  });
}

/** One product: read, create, update, delete. */
function productRoutes(app: ZodApp, deps: Deps) {
  for (const url of ['/product/:id/', '/stores/product/:id/']) {
    app.get(url, {
      schema: {
        tags: ['inventory'],
        summary: 'One product with its figures',
        headers: storeOriginHeaders,
        params: idParam,
        response: productReply,
      },
      handler: async (req) => {
        const { store } = await requireVendorStore(deps, req);
        return ok(await inventory.getProduct(deps, store, req.params.id), 'Product fetched');
      },
    });
  }

  for (const url of ['/product/', '/stores/product/']) {
    app.post(url, {
      schema: {
        tags: ['inventory'],
        summary: 'Add a product (its opening stock starts the stock history)',
        headers: storeOriginHeaders,
        body: productFormBody,
        response: { 201: envelope(adminProduct), ...errorReplies },
      },
      handler: async (req, reply) => {
        const { actor, store } = await requireVendorStore(deps, req);
        return reply
          .code(201)
          .send(ok(await inventory.createProduct(deps, actor, store, req.body), 'Product added'));
      },
    });
  }

  for (const url of ['/product/:id/', '/stores/product/:id/']) {
    app.put(url, {
      schema: {
        tags: ['inventory'],
        summary:
          'Change a product; a stock change needs stock_reason. Without options and variants they stay as they are',
        headers: storeOriginHeaders,
        params: idParam,
        body: productUpdateBody,
        response: productReply,
      },
      handler: async (req) => {
        const { actor, store } = await requireVendorStore(deps, req);
        return ok(
          await inventory.updateProduct(shopContext(deps, req, actor, store), req.params.id, req.body),
          'Product updated',
        );
      },
    });
  }

  for (const url of ['/product/:id/', '/stores/product/:id/']) {
    app.delete(url, {
      schema: {
        tags: ['inventory'],
        summary: 'Delete a product, or archive it when orders refer to it',
        headers: storeOriginHeaders,
        params: idParam,
        response: { 200: envelope(productDeleted), ...errorReplies },
      },
      handler: async (req) => {
        const { actor, store } = await requireVendorStore(deps, req);
        const result = await inventory.deleteProduct(deps, actor, store, req.params.id);
        return ok(
          result,
          result.archived ? 'This product has orders, so it was archived instead' : 'Product deleted',
        );
      },
    });
  }
}

/** A product's stock history, barcodes and label sheet. */
function stockAndLabelRoutes(app: ZodApp, deps: Deps) {
  app.get('/product/:id/stock-history/', {
    schema: {
      tags: ['inventory'],
      summary: "The product's stock ledger, newest first",
      headers: storeOriginHeaders,
      params: idParam,
      querystring: ledgerQuery,
      response: { 200: envelope(ledgerPage), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await inventory.stockHistory(deps, store, req.params.id, req.query), 'Stock history fetched');
    },
  });

  app.post('/product/:id/barcodes/', {
    schema: {
      tags: ['inventory'],
      summary:
        'Give the product (sold as one item) or each of its variants without a barcode an internal EAN-13 (prefix 20)',
      headers: storeOriginHeaders,
      params: idParam,
      response: { 200: envelope(assignedBarcodes), ...errorReplies },
    },
    handler: async (req) => {
      const { actor, store } = await requireVendorStore(deps, req);
      const r = await assignBarcodes(deps, actor, store, req.params.id);
      const n = r.assigned.length;
      return ok(
        r,
        n ? `Assigned ${n === 1 ? 'a barcode' : `${n} barcodes`}` : 'Every item already has a barcode',
      );
    },
  });

  app.get('/product/:id/labels.pdf', {
    schema: {
      tags: ['inventory'],
      summary:
        'An A4 sheet of barcode labels (24 a sheet): name, variant, price, EAN-13 or Code 128; copies of each item',
      headers: storeOriginHeaders,
      params: idParam,
      querystring: productLabelsQuery,
      response: fileReplies('application/pdf', 'The sheet of labels'),
    },
    handler: async (req, reply) => {
      const { store } = await requireVendorStore(deps, req);
      const { name, items } = await labelItems(deps, store, req.params.id, req.query);
      const pdf = await labelsPdf(`Labels: ${name}`, items, req.query.copies);
      const file = (items.length === 1 ? items[0]?.barcode : null) ?? req.params.id;
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `inline; filename="labels-${file.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf"`,
        )
        .send(pdf);
    },
  });
}

/** The shop's categories. */
function categoryRoutes(app: ZodApp, deps: Deps) {
  app.get('/category/', {
    schema: {
      tags: ['inventory'],
      summary: "The shop's product categories",
      headers: storeOriginHeaders,
      response: { 200: envelope(z.array(category)), ...errorReplies },
    },
    handler: async (req) => {
      const { store } = await requireVendorStore(deps, req);
      return ok(await inventory.listCategories(deps, store), 'Categories fetched');
    },
  });

  app.post('/category/', {
    schema: {
      tags: ['inventory'],
      summary: 'Add a category (an existing one of the same name is returned)',
      headers: storeOriginHeaders,
      body: categoryBody,
      response: { 200: envelope(category), 201: envelope(category), ...errorReplies },
    },
    handler: async (req, reply) => {
      const { actor, store } = await requireVendorStore(deps, req);
      const r = await inventory.addCategory(deps, actor, store, req.body.name);
      return reply
        .code(r.created ? 201 : 200)
        .send(ok(r.category, r.created ? 'Category added' : 'Category already exists'));
    },
  });
}

/** The shop's suppliers and the units products are sold in. */
function supplierAndUnitRoutes(app: ZodApp, deps: Deps) {
  for (const url of ['/supplier/', '/stores/product/get-supplier/']) {
    app.get(url, {
      schema: {
        tags: ['inventory'],
        summary: "The shop's suppliers",
        headers: storeOriginHeaders,
        response: { 200: envelope(z.array(supplier)), ...errorReplies },
      },
      handler: async (req) => {
        const { store } = await requireVendorStore(deps, req);
        return ok(await inventory.listSuppliers(deps, store), 'Suppliers fetched');
      },
    });
  }

  for (const url of ['/supplier/', '/stores/product/create-supplier/']) {
    app.post(url, {
      schema: {
        tags: ['inventory'],
        summary: 'Add a supplier (GSTIN checked)',
        headers: storeOriginHeaders,
        body: supplierBody,
        response: { 201: envelope(supplier), ...errorReplies },
      },
      handler: async (req, reply) => {
        const { actor, store } = await requireVendorStore(deps, req);
        return reply
          .code(201)
          .send(ok(await inventory.addSupplier(deps, actor, store, req.body), 'Supplier added'));
      },
    });
  }

  for (const url of ['/units/', '/utility/product-unit/']) {
    app.get(url, {
      schema: {
        tags: ['inventory'],
        summary: 'Units: the defaults plus those the shop uses',
        headers: storeOriginHeaders,
        response: { 200: envelope(z.array(z.string())), ...errorReplies },
      },
      handler: async (req) => {
        const { store } = await requireVendorStore(deps, req);
        return ok(await inventory.listUnits(deps, store), 'Units fetched');
      },
    });
  }
}
