// The action configuration (one row) and the delivery outbox. Claiming a delivery is a conditional update on its
// lease, so only one worker sends it, and a lease left behind by a crash simply expires.
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import { claimRow, isDue, nextDueAt, pendingCount } from '../../platform/queue/outbox.js';
import type { AlertActionConfigTable, AlertDeliveriesTable } from '../../platform/db/schema.js';

export type ActionConfigRow = Omit<AlertActionConfigTable, 'id'>;
export type DeliveryRow = Selectable<AlertDeliveriesTable>;
export type NewDelivery = Pick<DeliveryRow, 'alert_id' | 'channel' | 'target' | 'payload'>;

export const DEFAULT_ACTION_CONFIG: ActionConfigRow = {
  min_severity: 'high',
  webhook_enabled: false,
  webhook_url_sealed: null,
  webhook_secret_sealed: null,
  webhook_headers_sealed: null,
  telephony_enabled: false,
  telephony_account_sid: null,
  telephony_auth_token_sealed: null,
  telephony_from_number: null,
  telephony_to_numbers: null,
  telephony_base_url: null,
  updated_at: null,
};

export interface AttemptResult {
  delivered: boolean;
  /** no more attempts (success, a permanent refusal, or the last attempt) */
  final: boolean;
  statusCode: number | null;
  error: string | null;
  nextAttemptAt: string | null;
  at: string;
}

export class AlertActionsRepository {
  constructor(private readonly db: Db) {}

  async getConfig(): Promise<ActionConfigRow> {
    const row = await this.db
      .selectFrom('alert_action_config')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirst();
    if (!row) return { ...DEFAULT_ACTION_CONFIG };
    const { id: _id, ...config } = row;
    return config;
  }

  async saveConfig(config: ActionConfigRow): Promise<void> {
    await this.db
      .insertInto('alert_action_config')
      .values({ id: 1, ...config })
      .onConflict((oc) => oc.column('id').doUpdateSet(config))
      .execute();
  }

  async enqueue(deliveries: NewDelivery[], now: string): Promise<void> {
    if (deliveries.length === 0) return;
    await this.db
      .insertInto('alert_deliveries')
      .values(
        deliveries.map((d) => ({
          ...d,
          status: 'pending',
          attempts: 0,
          next_attempt_at: now,
          locked_until: null,
          last_status_code: null,
          last_error: null,
          created_at: now,
          updated_at: now,
          delivered_at: null,
        })),
      )
      .execute();
  }

  /** Pending deliveries whose time has come and that no live worker holds. */
  due(now: string, limit: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('alert_deliveries')
      .selectAll()
      .where(isDue(now))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** When the next pending delivery is due (or a lease runs out), if any. */
  async nextDue(): Promise<string | null> {
    return nextDueAt(this.db, 'alert_deliveries');
  }

  /** Deliveries not yet delivered, failed for good or cancelled. */
  pendingCount(): Promise<number> {
    return pendingCount(this.db, 'alert_deliveries');
  }

  /** Takes the lease; false when another worker got there first. */
  claim(id: number, now: string, until: string): Promise<boolean> {
    return claimRow(this.db, 'alert_deliveries', id, now, until);
  }

  async recordAttempt(id: number, result: AttemptResult): Promise<void> {
    await this.db
      .updateTable('alert_deliveries')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        status: result.delivered ? 'delivered' : result.final ? 'failed' : 'pending',
        next_attempt_at: result.final ? null : result.nextAttemptAt,
        locked_until: null,
        last_status_code: result.statusCode,
        last_error: result.error,
        updated_at: result.at,
        delivered_at: result.delivered ? result.at : null,
      }))
      .where('id', '=', id)
      .execute();
  }

  /** A delivery that can no longer be sent (its channel was switched off). */
  async cancel(id: number, reason: string, at: string): Promise<void> {
    await this.db
      .updateTable('alert_deliveries')
      .set({
        status: 'cancelled',
        next_attempt_at: null,
        locked_until: null,
        last_error: reason,
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  }

  async forAlert(alertId: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('alert_deliveries')
      .selectAll()
      .where('alert_id', '=', alertId)
      .orderBy('id')
      .execute();
  }
}
