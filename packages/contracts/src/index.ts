// What the two services share: TypeBox schemas, one module per contract, and the shared adapter token file.
export * from './adapter.js';
export * from './adapter-token.js';
