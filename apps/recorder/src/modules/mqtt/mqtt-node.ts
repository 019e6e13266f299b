// The bridge as one node of several recorders on one PostgreSQL database (docs/mqtt.md, "Several recorders on one
// database"). Each node has its own broker session, so it needs its own client id (a broker drops the older of two
// sessions with one id) and its own last will, on its own availability topic: a dead node then marks unavailable
// only the cameras it ran. Commands are taken through a shared subscription, so the broker hands each one to one
// node. A recorder on SQLite is always alone and keeps the plain names.

export interface MqttNode {
  /** this node's id (`DATA_DIR/node-id`, a UUID) */
  id: string;
  /** whether other nodes may run beside this one (PostgreSQL) */
  clustered: boolean;
  /** whether this node holds the camera's lease: only the node that runs a camera publishes it */
  isHere(cameraId: number): boolean;
}

/** The node's share of the client id: 12 hex digits of its id (short, for brokers that limit client ids). */
export function nodeTag(nodeId: string): string {
  return nodeId.replaceAll('-', '').slice(0, 12);
}

/** The client id this node connects with: the configured (or default) one, plus the node's tag on a cluster. */
export function nodeClientId(base: string, node: MqttNode): string {
  return node.clustered ? `${base}-${nodeTag(node.id)}` : base;
}

/**
 * The command filters as this node subscribes them: on a cluster, as one shared subscription group per recorder
 * (`$share/nvr_<recorder id>/<filter>`: MQTT 5, and 3.1.1 on mosquitto ≥ 1.6, HiveMQ or EMQX), so
 * a command reaches one node, not every node.
 */
export function commandSubscriptions(filters: string[], recorderId: string, node: MqttNode): string[] {
  return node.clustered ? filters.map((filter) => `$share/nvr_${recorderId}/${filter}`) : filters;
}
