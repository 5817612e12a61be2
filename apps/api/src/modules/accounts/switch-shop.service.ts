import type { Session } from '@haat/contracts';
import type { Deps } from '../../lib/deps.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { enforceLimits } from '../../lib/rate-limit.ts';
import type { Realm } from './accounts.service.ts';
import { readForContinueAs } from './continue-as.repository.ts';
import { issueSession } from './session.service.ts';
import { customerRowFor } from './shopper-accounts.service.ts';
import { hashToken } from './tokens.ts';

const refused = () =>
  unauthenticated('Please sign in at this shop with your email and password or a code.', 'SWITCH_REFUSED');

/**
 * "Continue as" (decision 0029): a live refresh token of the shopper's session at shop A, presented with shop B's
 * store-origin, answers with a session at B when A's customer row is linked to a verified Haat shopper account.
 * B's customer row is created (or linked) then. A's token is neither spent nor widened: an access token for A is
 * still refused at B (WRONG_AUDIENCE); only this exchange, rate limited per address, crosses shops. The marketplace
 * (realm of no shop, decision 0036) takes a shop's token the same way, and a shop takes the marketplace's.
 */
export async function switchShop(
  deps: Deps,
  { realm, refreshToken, ip }: { realm: Realm; refreshToken: string; ip: string },
): Promise<Session> {
  await enforceLimits(deps, [{ key: `switch-shop:ip:${ip}`, max: 60, windowSeconds: 3600 }]);
  const storeId = realm.storeId;
  if (realm.role !== 'CUSTOMER') throw refused();
  return deps.db.transaction(async (tx) => {
    // One statement: the token (locked), its holder's account, that account's row at this shop and the shop.
    const read = await readForContinueAs(tx, hashToken(refreshToken), storeId);
    const token = read?.token;
    if (!read || !token || token.revokedAt || token.usedAt || token.expiresAt.getTime() < Date.now())
      throw refused();
    const { holder, account } = read;
    if (holder.role !== 'CUSTOMER' || !holder.shopperAccountId || !account?.emailVerifiedAt) throw refused();
    const here = await customerRowFor(tx, storeId, account, read.here);
    return issueSession(deps, tx, here, token.persistent, undefined, { shop: read.shop, account });
  });
}
