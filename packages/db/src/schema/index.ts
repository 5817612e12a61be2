export * from './platform.ts';
export * from './tenant.ts';
