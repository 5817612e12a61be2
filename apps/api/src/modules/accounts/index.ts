/** The accounts module's public face: other modules, the app and its plugins import only this (issue 41). */
export {
  findUser,
  findUserById,
  insertUser,
  listOwnedStores,
  revokeAllForUser,
} from './accounts.repository.ts';
export { accountsRoutes, adminLoginRoutes, customerSignupRoutes } from './accounts.routes.ts';
export { DEMO_VENDOR_PASSWORD, ensureOperator, setDemoVendorPasswords } from './bootstrap-accounts.ts';
export { generateOtp, hashOtp, otpMatches } from './otp.ts';
export { hashPassword } from './passwords.ts';
export { forgetSessions, issueSession, SESSION_CHECK_MS, sessionIsLive } from './session.service.ts';
export { shareWithShop } from './shopper-accounts.repository.ts';
export { sameShopperElsewhere } from './shopper-accounts.service.ts';
export type { AccessClaims } from './tokens.ts';
export { hashToken, MARKETPLACE_AUDIENCE, verifyAccessToken } from './tokens.ts';
