export * from './envelope';
export * from './worker';
export * from './target';
export * from './fatal';
