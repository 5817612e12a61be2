export * from './client.ts';
export * from './context.ts';
export * from './id-list.ts';
export * from './pg-url.ts';
export * from './prepared.ts';
export * from './register-session.ts';
export * as schema from './schema/index.ts';
export * from './uuid.ts';
