import { Type, type Static } from '@sinclair/typebox';
import { StringEnum, Timestamp } from '../../platform/http/schemas.js';

export const NodeIdParams = Type.Object({ node_id: Type.String({ format: 'uuid' }) });
export type NodeIdParams = Static<typeof NodeIdParams>;

export const NodeResponse = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** where the other nodes reach it (NODE_URL) */
  url: Type.String(),
  version: Type.String(),
  /** the most cameras it runs, and its weight when cameras are shared out (NODE_CAPACITY) */
  capacity: Type.Integer(),
  /** draining: it gives its cameras away and takes none */
  state: StringEnum(['active', 'draining'] as const),
  /** it beat within the lease time (CLUSTER_LEASE_SECONDS) */
  online: Type.Boolean(),
  /** the node answering this request */
  this_node: Type.Boolean(),
  started_at: Timestamp,
  last_heartbeat_at: Timestamp,
  /** the cameras whose lease it holds: it runs their recording, live view, motion, detection and stream targets */
  camera_ids: Type.Array(Type.Integer()),
  camera_count: Type.Integer(),
});
export type NodeResponse = Static<typeof NodeResponse>;

export const NodeListResponse = Type.Object({
  nodes: Type.Array(NodeResponse),
  /** how long a lease lasts without renewal: a node that stops beating loses its cameras after this */
  lease_seconds: Type.Integer(),
});
export type NodeListResponse = Static<typeof NodeListResponse>;
