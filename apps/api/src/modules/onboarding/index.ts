/** The onboarding module's public face: other modules, the app and its plugins import only this (issue 41). */
export { geocodeRoutes } from './geocode.ts';
export { platformStatus } from './launch.service.ts';
export {
  findLocation,
  findSettings,
  listContacts,
  replaceContacts,
  updateStore,
  upsertLocation,
  upsertSettings,
} from './onboarding.repository.ts';
export { onboardingRoutes } from './onboarding.routes.ts';
export { requireOwnedStore } from './onboarding.service.ts';
