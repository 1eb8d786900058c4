// Public face of the rules engine. Pure: no I/O, no clock, no Math.random.
export * from './cards';
export * from './eval/index';
export * from './fair/index';
export * from './engine/index';
export * from './phh/index';
