export * from './synth';
export * from './music';
