// Shared TypeBox schemas: one module per contract, re-exported here.
export * from './adapter.js';
