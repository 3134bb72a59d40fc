export * from './api.js';
export * from './constants.js';
export * from './errors.js';
export * from './events.js';
export * from './locales.js';
export * from './schemas/common.js';
export * from './schemas/health.js';
export * from './schemas/user.js';
