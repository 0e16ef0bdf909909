export * from './errors';
export * from './envelope';
export * from './envelopeSchema';
export * from './locales';
export * from './decimal';
export * from './index/config';
export * from './index/content';
