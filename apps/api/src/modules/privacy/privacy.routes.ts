import {
  deleteAccountBody,
  deleteAccountResult,
  envelope,
  haatAccount,
  marketplaceAccount,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, storeOriginHeaders } from '../../lib/route-schemas.ts';
import { requireMarketplaceShopper, requireShopCustomer } from '../../plugins/auth.ts';
import { deleteHaatAccount, haatAccountOf, marketplaceAccountOf } from './privacy.service.ts';

/** "Your Haat account" at any shop (decision 0032): the shops holding the shopper's data, and deleting the account. */
export const privacyRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/haat-account/', {
      schema: {
        tags: ['accounts'],
        summary:
          "The shops holding the signed-in shopper's data (one Haat account): what each holds, since when",
        headers: storeOriginHeaders,
        response: { 200: envelope(haatAccount), ...errorReplies },
      },
      handler: async (req) => {
        const { actor } = await requireShopCustomer(deps, req);
        return ok(await haatAccountOf(deps, actor), 'Your Haat account fetched');
      },
    });

    app.post('/haat-account/delete/', {
      schema: {
        tags: ['accounts'],
        summary:
          "Delete the shopper's Haat account (type its email to confirm): every shop's customer row anonymised, orders kept anonymised",
        headers: storeOriginHeaders,
        body: deleteAccountBody,
        response: { 200: envelope(deleteAccountResult), ...errorReplies },
      },
      handler: async (req) => {
        const { actor } = await requireShopCustomer(deps, req);
        const data = await deleteHaatAccount(deps, actor, req.body.confirm_email);
        return ok(data, 'Your Haat account was deleted');
      },
    });
  };

/**
 * The marketplace's account page (/account on the main domain, decision 0036): the same reads and deletion as "Your
 * Haat account" at a shop, for the marketplace's own session (audience marketplace; a shop's token is refused).
 */
export const marketplaceAccountRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/account/', {
      schema: {
        tags: ['accounts'],
        summary:
          "The marketplace shopper's Haat account: the shops holding their data, their saved addresses and wishlist at every shop",
        response: { 200: envelope(marketplaceAccount), ...errorReplies },
      },
      handler: async (req) => {
        const actor = await requireMarketplaceShopper(deps, req);
        return ok(await marketplaceAccountOf(deps, actor), 'Your Haat account fetched');
      },
    });

    app.post('/account/delete/', {
      schema: {
        tags: ['accounts'],
        summary:
          "Delete the marketplace shopper's Haat account (type its email to confirm), as at a shop: orders kept anonymised",
        body: deleteAccountBody,
        response: { 200: envelope(deleteAccountResult), ...errorReplies },
      },
      handler: async (req) => {
        const actor = await requireMarketplaceShopper(deps, req);
        const data = await deleteHaatAccount(deps, actor, req.body.confirm_email);
        return ok(data, 'Your Haat account was deleted');
      },
    });
  };
