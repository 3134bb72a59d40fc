export * from './api.js';
export * from './buckets.js';
export * from './chart-options.js';
export * from './queries.js';
export * from './tabs.js';
