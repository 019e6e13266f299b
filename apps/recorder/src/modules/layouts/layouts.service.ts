// Per-user window layouts (API.md §13). A layout belongs to the user who made it: nobody else — superusers
// included — reads or changes it through this API, and another user's layout id is simply not found.
import type { RequestContext } from '../../platform/auth/principal.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/errors.js';
import { FieldValidationError, type ValidationIssue } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type { LayoutRow, LayoutsRepository } from './layouts.repository.js';
import type {
  CustomWindowLayout,
  LayoutList,
  LayoutListQuery,
  LayoutResponse,
  Tile,
} from './layouts.schemas.js';

export const MAX_LAYOUTS_PER_USER = 100;

export class LayoutsService {
  constructor(
    private readonly repository: LayoutsRepository,
    private readonly access: CameraAccess,
    private readonly audit: AuditService,
  ) {}

  async list(context: RequestContext, query: LayoutListQuery): Promise<LayoutList> {
    const { rows, total } = await this.repository.list(context.principal.userId, query.skip, query.limit);
    return { layouts: rows.map(toResponse), total };
  }

  async get(context: RequestContext, layoutId: string): Promise<LayoutResponse> {
    return toResponse(await this.#require(context.principal.userId, layoutId));
  }

  async create(context: RequestContext, body: CustomWindowLayout): Promise<LayoutResponse> {
    const userId = context.principal.userId;
    await this.#checkTiles(context, body);
    if ((await this.repository.count(userId)) >= MAX_LAYOUTS_PER_USER) {
      throw new BadRequestError(`A user can keep at most ${MAX_LAYOUTS_PER_USER} layouts`);
    }
    const row: LayoutRow = {
      user_id: userId,
      layout_id: body.id,
      ...fieldsOf(body),
      created_at: new Date().toISOString(),
      updated_at: null,
    };
    if (!(await this.repository.insert(row))) throw new ConflictError('A layout with this id already exists');
    await this.audit.record(context, {
      action: 'layout.create',
      entityType: 'layout',
      entityId: body.id,
      details: { name: body.name, tiles: body.tiles.length },
    });
    return toResponse(row);
  }

  /** Full replacement of a layout; the body's id must be the path's (ids are not renamed). */
  async replace(
    context: RequestContext,
    layoutId: string,
    body: CustomWindowLayout,
  ): Promise<LayoutResponse> {
    const userId = context.principal.userId;
    await this.#require(userId, layoutId);
    if (body.id !== layoutId) {
      throw new FieldValidationError(['body', 'id'], 'The layout id must match the id in the path');
    }
    await this.#checkTiles(context, body);
    const row = await this.repository.update(userId, layoutId, {
      ...fieldsOf(body),
      updated_at: new Date().toISOString(),
    });
    if (!row) throw new NotFoundError('Layout');
    await this.audit.record(context, {
      action: 'layout.update',
      entityType: 'layout',
      entityId: layoutId,
      details: { name: body.name, tiles: body.tiles.length },
    });
    return toResponse(row);
  }

  async delete(context: RequestContext, layoutId: string): Promise<void> {
    if (!(await this.repository.delete(context.principal.userId, layoutId)))
      throw new NotFoundError('Layout');
    await this.audit.record(context, { action: 'layout.delete', entityType: 'layout', entityId: layoutId });
  }

  async #require(userId: number, layoutId: string): Promise<LayoutRow> {
    const row = await this.repository.find(userId, layoutId);
    if (!row) throw new NotFoundError('Layout');
    return row;
  }

  /**
   * Every tile inside the grid (0-based `row`/`col`, spans ≥ 1, default 1), no two tiles on one cell, and a
   * `camera_id` only for a camera the caller can view. All problems are reported at once.
   */
  async #checkTiles(context: RequestContext, layout: CustomWindowLayout): Promise<void> {
    const issues: ValidationIssue[] = [];
    const issue = (index: number, key: string, msg: string, type = 'value_error') =>
      issues.push({ loc: ['body', 'tiles', index, key], msg, type });
    const occupied = new Map<string, number>();
    const visible = layout.tiles.some((tile) => tile.camera_id !== undefined)
      ? new Set(await this.access.visibleIds(context.principal))
      : new Set<number>();

    layout.tiles.forEach((tile: Tile, index) => {
      const before = issues.length;
      const { row, col } = tile;
      const rowSpan = tile.row_span ?? 1;
      const colSpan = tile.col_span ?? 1;
      if (row === undefined) issue(index, 'row', 'Field required', 'missing');
      else if (row < 0 || row >= layout.grid_rows)
        issue(index, 'row', `Row must be 0..${layout.grid_rows - 1}`);
      if (col === undefined) issue(index, 'col', 'Field required', 'missing');
      else if (col < 0 || col >= layout.grid_columns)
        issue(index, 'col', `Column must be 0..${layout.grid_columns - 1}`);
      if (rowSpan < 1) issue(index, 'row_span', 'row_span must be at least 1');
      else if (row !== undefined && row >= 0 && row < layout.grid_rows && row + rowSpan > layout.grid_rows)
        issue(index, 'row_span', 'The tile reaches outside the grid');
      if (colSpan < 1) issue(index, 'col_span', 'col_span must be at least 1');
      else if (
        col !== undefined &&
        col >= 0 &&
        col < layout.grid_columns &&
        col + colSpan > layout.grid_columns
      )
        issue(index, 'col_span', 'The tile reaches outside the grid');
      if (tile.camera_id !== undefined && !visible.has(tile.camera_id))
        issue(index, 'camera_id', 'Camera not found');
      if (issues.length > before || row === undefined || col === undefined) return;
      for (let r = row; r < row + rowSpan; r++) {
        for (let c = col; c < col + colSpan; c++) {
          const other = occupied.get(`${r}:${c}`);
          if (other !== undefined) {
            issue(index, 'row', `The tile overlaps tile ${other}`);
            return;
          }
          occupied.set(`${r}:${c}`, index);
        }
      }
    });
    if (issues.length > 0) {
      const error = new FieldValidationError(issues[0]!.loc, issues[0]!.msg, issues[0]!.type);
      error.issues.splice(0, 1, ...issues);
      throw error;
    }
  }
}

function fieldsOf(body: CustomWindowLayout) {
  return {
    name: body.name,
    description: body.description ?? null,
    enabled: body.enabled,
    grid_columns: body.grid_columns,
    grid_rows: body.grid_rows,
    tiles: JSON.stringify(body.tiles),
  };
}

export function toResponse(row: LayoutRow): LayoutResponse {
  return {
    id: row.layout_id,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    grid_columns: row.grid_columns,
    grid_rows: row.grid_rows,
    tiles: JSON.parse(row.tiles) as Tile[],
  };
}
