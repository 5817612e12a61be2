export * from './accounts.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './money.ts';
export * from './onboarding.ts';
export * from './product.ts';
export * from './store.ts';
export * from './theme.ts';
