import { envelope, wishlistData, wishlistIds, wishlistSaveBody, wishlistSaved } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, idParam, storeOriginHeaders } from '../../lib/route-schemas.ts';
import { requireShopCustomer } from '../../plugins/auth.ts';
import { listWishlist, removeFromWishlist, savedHere, saveToWishlist } from './wishlist.service.ts';

/**
 * The wishlist (issue 40): a signed-in customer of the shop in store-origin saves and removes this shop's products;
 * the list spans every shop of their Haat account, each read under its own row-level security (decision 0029).
 */
export const wishlistRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const customer = async (req: Parameters<typeof requireShopCustomer>[1]) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return shopContext(deps, req, actor, store);
    };

    app.get('/wishlist/', {
      schema: {
        tags: ['wishlist'],
        summary: "The shopper's saved products at this shop and at every other shop of their Haat account",
        description:
          'Each item with its price now, the price when saved and the drop, and its stock. This shop comes first (even when empty), then the other shops the account is linked to that have saved products.',
        headers: storeOriginHeaders,
        response: { 200: envelope(wishlistData), ...errorReplies },
      },
      handler: async (req) => ok(await listWishlist(await customer(req)), 'Wishlist fetched'),
    });

    app.get('/wishlist/ids/', {
      schema: {
        tags: ['wishlist'],
        summary: 'The ids of the products saved at this shop (the hearts on cards and the product page)',
        headers: storeOriginHeaders,
        response: { 200: envelope(wishlistIds), ...errorReplies },
      },
      handler: async (req) =>
        ok({ product_ids: await savedHere(await customer(req)) }, 'Saved products fetched'),
    });

    app.post('/wishlist/', {
      schema: {
        tags: ['wishlist'],
        summary: 'Save a product of this shop (and the option chosen) to the wishlist',
        description:
          '201 when saved, 200 when it was saved already (the row then takes this variant and today’s price). 404 for a product the shop does not sell; 400 (variant_id) for an option not of the product.',
        headers: storeOriginHeaders,
        body: wishlistSaveBody,
        response: { 200: envelope(wishlistSaved), 201: envelope(wishlistSaved), ...errorReplies },
      },
      handler: async (req, reply) => {
        const { inserted, ...saved } = await saveToWishlist(await customer(req), req.body);
        if (inserted) return reply.code(201).send(ok(saved, 'Saved to your wishlist'));
        return reply.code(200).send(ok(saved, 'It was in your wishlist already'));
      },
    });

    app.delete('/wishlist/:id/', {
      schema: {
        tags: ['wishlist'],
        summary: 'Remove a product (by its id) from the wishlist at this shop',
        headers: storeOriginHeaders,
        params: idParam,
        response: { 200: envelope(z.object({ product_id: z.string() })), ...errorReplies },
      },
      handler: async (req) => {
        await removeFromWishlist(await customer(req), req.params.id);
        return ok({ product_id: req.params.id }, 'Removed from your wishlist');
      },
    });
  };
