export * from './client';
export * from './server';
export * from './table-view';
export * from './table-events';
export * from './apply';
