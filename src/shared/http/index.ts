export * from './client';
export * from './errors';
export * from './token';
export * from './unauthenticated';
