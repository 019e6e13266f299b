// The nodes API: who is running, which cameras each runs, and the operator's levers — drain a node (its
// cameras move to the others, each with a gap shorter than a chunk), resume it, and remove one that is gone.
import type { RequestContext } from '../../platform/auth/principal.js';
import { requireSuperuser } from '../../platform/auth/guards.js';
import { ConflictError, NotFoundError } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { ClusterRepository, NodeRow, NodeWithLoad } from './cluster.repository.js';
import type { NodeListResponse, NodeResponse } from './cluster.schemas.js';

export class ClusterService {
  constructor(
    private readonly repository: ClusterRepository,
    private readonly audit: AuditService,
    private readonly options: { nodeId: string; leaseMs: number; rebalanceNow: () => Promise<void> },
  ) {}

  async list(context: RequestContext): Promise<NodeListResponse> {
    requireSuperuser(context.principal);
    const { nodes, nowMs } = await this.repository.nodes();
    return {
      nodes: nodes.map((node) => this.#response(node, nowMs)),
      lease_seconds: Math.round(this.options.leaseMs / 1000),
    };
  }

  /** The node gives its cameras to the others (one lease at a time is not needed: each move is graceful). */
  drain(context: RequestContext, nodeId: string): Promise<NodeResponse> {
    return this.#setState(context, nodeId, 'draining');
  }

  resume(context: RequestContext, nodeId: string): Promise<NodeResponse> {
    return this.#setState(context, nodeId, 'active');
  }

  /** Removes a node that is offline, or drained and holding no camera; a running node must be drained first. */
  async remove(context: RequestContext, nodeId: string): Promise<void> {
    requireSuperuser(context.principal);
    const { nodes, nowMs } = await this.repository.nodes();
    const node = nodes.find((candidate) => candidate.id === nodeId);
    if (!node) throw new NotFoundError('Node not found');
    const response = this.#response(node, nowMs);
    if (response.online && (node.state !== 'draining' || node.camera_ids.length > 0))
      throw new ConflictError('The node is running: drain it first, and remove it once it holds no camera');
    await this.repository.remove(nodeId);
    await this.audit.record(context, {
      action: 'node.remove',
      entityType: 'node',
      entityId: nodeId,
      details: { name: node.name },
    });
  }

  async #setState(context: RequestContext, nodeId: string, state: NodeRow['state']): Promise<NodeResponse> {
    requireSuperuser(context.principal);
    const row = await this.repository.setState(nodeId, state);
    if (!row) throw new NotFoundError('Node not found');
    await this.audit.record(context, {
      action: state === 'draining' ? 'node.drain' : 'node.resume',
      entityType: 'node',
      entityId: nodeId,
      details: { name: row.name },
    });
    // This node acts at once; the others at their next round.
    if (nodeId === this.options.nodeId) await this.options.rebalanceNow();
    const { nodes, nowMs } = await this.repository.nodes();
    const node = nodes.find((candidate) => candidate.id === nodeId);
    if (!node) throw new NotFoundError('Node not found');
    return this.#response(node, nowMs);
  }

  #response(node: NodeWithLoad, nowMs: number): NodeResponse {
    return {
      id: node.id,
      name: node.name,
      url: node.url,
      version: node.version,
      capacity: node.capacity,
      state: node.state,
      online: node.heartbeat_ms > nowMs - this.options.leaseMs,
      this_node: node.id === this.options.nodeId,
      started_at: node.started_at,
      last_heartbeat_at: new Date(node.heartbeat_ms).toISOString(),
      camera_ids: node.camera_ids,
      camera_count: node.camera_ids.length,
    };
  }
}
