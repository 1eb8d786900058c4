// The HTTP contract of the platform: zod schemas for every route, shared enums, the route table.
export * from './enums';
export * from './common';
export * from './text';
export * from './user';
export * from './admin';
export * from './chat';
export * from './live';
export * from './tournaments';
export * from './routes';
export * from './safer';
export * from './pools';
