// Adapter wire contract (requests, responses, capability card). Filled in by the adapter work.
export const ADAPTER_CONTRACT_VERSION = '1.1';
