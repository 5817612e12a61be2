export * from './accounts.ts';
export * from './backoffice.ts';
export * from './cart.ts';
export * from './dashboard.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './platform.ts';
export * from './tenant.ts';
