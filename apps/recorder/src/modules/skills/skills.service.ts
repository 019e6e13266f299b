import type { RequestContext } from '../../platform/auth/principal.js';
import { FieldValidationError, NotFoundError } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import { MAX_ASSIGNMENTS, type CameraAssignment } from './skills.schemas.js';
import type { AssignmentRow, ConsumerRow, SkillsRepository } from './skills.repository.js';
import type { SkillDeclaration, SkillList, SkillOnCamera } from './skills.schemas.js';

export interface Assignment {
  skill: string;
  labels: string[] | null;
}

const MAX_LABEL_LENGTH = 64;

/**
 * Assignment rules the schema cannot express (API.md §4): skills unique per camera; labels trimmed,
 * lower-cased and de-duplicated, each 1..64 characters after trimming. Errors name the offending entry.
 */
export function normalizeAssignments(assignments: CameraAssignment[], field = 'assignments'): Assignment[] {
  const seen = new Set<string>();
  return assignments.map((assignment, index) => {
    if (seen.has(assignment.skill)) {
      throw new FieldValidationError(
        ['body', field, index, 'skill'],
        `Skill '${assignment.skill}' is listed twice`,
      );
    }
    seen.add(assignment.skill);
    if (assignment.labels === undefined || assignment.labels === null)
      return { skill: assignment.skill, labels: null };
    const labels: string[] = [];
    assignment.labels.forEach((raw, labelIndex) => {
      const label = raw.trim().toLowerCase();
      if (label.length < 1 || label.length > MAX_LABEL_LENGTH) {
        throw new FieldValidationError(
          ['body', field, index, 'labels', labelIndex],
          `Labels must be 1 to ${MAX_LABEL_LENGTH} characters after trimming`,
        );
      }
      if (!labels.includes(label)) labels.push(label);
    });
    return { skill: assignment.skill, labels };
  });
}

export class SkillsService {
  constructor(
    private readonly skills: SkillsRepository,
    private readonly access: CameraAccess,
    private readonly audit: AuditService,
  ) {}

  async assignmentsFor(cameraIds: readonly number[]): Promise<Map<number, Assignment[]>> {
    const byCamera = new Map<number, Assignment[]>();
    for (const row of await this.skills.assignmentsFor(cameraIds)) {
      const list = byCamera.get(row.camera_id) ?? [];
      list.push({ skill: row.skill, labels: row.labels });
      byCamera.set(row.camera_id, list);
    }
    return byCamera;
  }

  /** Called by the cameras service inside create/update, after it checked the caller's rights. */
  replaceAssignments(cameraId: number, assignments: Assignment[]): Promise<void> {
    return this.skills.replaceAssignments(cameraId, assignments);
  }

  async declare(
    context: RequestContext,
    skill: string,
    cameraId: number,
    body: SkillDeclaration,
  ): Promise<SkillOnCamera> {
    await this.access.require(context.principal, cameraId, 'manage');
    const declared = await this.skills.declare(
      {
        camera_id: cameraId,
        skill,
        consumer: body.consumer,
        params: body.params ?? null,
        declared_at: new Date().toISOString(),
      },
      MAX_ASSIGNMENTS,
    );
    if (!declared) {
      throw new FieldValidationError(
        ['path', 'skill_id'],
        `The camera already has ${MAX_ASSIGNMENTS} assignments, the most it can hold`,
      );
    }
    await this.audit.record(context, {
      action: 'skill.declare',
      entityType: 'camera',
      entityId: cameraId,
      details: { skill, consumer: body.consumer },
    });
    return this.#onCamera(skill, cameraId);
  }

  async undeclare(context: RequestContext, skill: string, cameraId: number, consumer: string): Promise<void> {
    await this.access.require(context.principal, cameraId, 'manage');
    if (!(await this.skills.undeclare(cameraId, skill, consumer)))
      throw new NotFoundError('Skill declaration');
    await this.audit.record(context, {
      action: 'skill.undeclare',
      entityType: 'camera',
      entityId: cameraId,
      details: { skill, consumer },
    });
  }

  async list(context: RequestContext): Promise<SkillList> {
    const cameraIds = await this.access.visibleIds(context.principal);
    const [assignments, consumers] = await Promise.all([
      this.skills.assignmentsFor(cameraIds),
      this.skills.consumersFor(cameraIds),
    ]);
    const bySkill = new Map<string, SkillList['skills'][number]['cameras']>();
    for (const assignment of assignments) {
      const cameras = bySkill.get(assignment.skill) ?? [];
      cameras.push({
        camera_id: assignment.camera_id,
        labels: assignment.labels,
        consumers: consumersOf(consumers, assignment),
      });
      bySkill.set(assignment.skill, cameras);
    }
    return {
      skills: [...bySkill.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([skill, cameras]) => ({ skill, cameras })),
    };
  }

  async #onCamera(skill: string, cameraId: number): Promise<SkillOnCamera> {
    const [assignments, consumers] = await Promise.all([
      this.skills.assignmentsFor([cameraId]),
      this.skills.consumersFor([cameraId]),
    ]);
    const assignment = assignments.find((a) => a.skill === skill) ?? {
      camera_id: cameraId,
      skill,
      labels: null,
    };
    return {
      skill,
      camera_id: cameraId,
      labels: assignment.labels,
      consumers: consumersOf(consumers, assignment),
    };
  }
}

function consumersOf(consumers: ConsumerRow[], assignment: AssignmentRow) {
  return consumers
    .filter((c) => c.camera_id === assignment.camera_id && c.skill === assignment.skill)
    .map(({ consumer, params, declared_at }) => ({ consumer, params, declared_at }));
}
