import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { textSchema } from '../shared/text';
import { fileNameSchema } from '../files/files.schemas';

/**
 * Project nodes of the data cabin (spec §1 "projects"): a node that groups what belongs to one
 * site or customer — the nodes under it in the tree. Decisions in docs/cabin.md.
 */

export const projectStatuses = ['planned', 'active', 'finished'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export const projectLimits = { descriptionLength: 2000, membersMax: 200 } as const;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
function isRealDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
/** A calendar date `yyyy-MM-dd`, or null / '' for none. */
const dateSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z
    .string()
    .trim()
    .refine((text) => datePattern.test(text) && isRealDate(text), 'validation.project.date')
    .nullable(),
);

const projectFields = {
  description: textSchema().max(projectLimits.descriptionLength, 'validation.tooLong').default(''),
  status: z.enum(projectStatuses).default('planned'),
  startDate: dateSchema,
  endDate: dateSchema,
  memberIds: z.array(idSchema).max(projectLimits.membersMax, 'validation.tooLong').default([]),
};

const datesInOrder = (value: { startDate: string | null; endDate: string | null }) => !value.startDate || !value.endDate || value.startDate <= value.endDate;
const parentIdSchema = z.preprocess((value) => (value === '' || value === undefined ? null : value), idSchema.nullable());

/** `POST /general/project/addProject` */
export const addProjectRequest = z
  .object({ parentId: parentIdSchema, name: fileNameSchema, ...projectFields })
  .refine(datesInOrder, { message: 'validation.project.endBeforeStart', path: ['endDate'] });
export type AddProjectRequest = z.input<typeof addProjectRequest>;
/** `POST /general/project/updateProject` (the name changes through the cabin's rename) */
export const updateProjectRequest = z.object({ id: idSchema, ...projectFields }).refine(datesInOrder, { message: 'validation.project.endBeforeStart', path: ['endDate'] });
export type UpdateProjectRequest = z.input<typeof updateProjectRequest>;
/** `GET /general/project/getProject?id=` */
export const projectIdQuery = z.object({ id: idSchema });

export interface ProjectMember {
  userId: number;
  name: string;
}

/** A data item's latest record, as the project page shows it. */
export interface ProjectLatestValue {
  at: number;
  values: { fieldName: string; name: string; unit: string; value: unknown }[];
}

/** A node under the project (recursively), as the caller may read it. */
export interface ProjectNode {
  nodeId: number;
  kind: string;
  name: string;
  refId: number | null;
  /** Names of the nodes between the project and this one. */
  path: string[];
  level: 'none' | 'read' | 'readWrite' | 'admin';
  /** Data items: the latest record (null when it has none). */
  latest?: ProjectLatestValue | null;
}

export interface ProjectDetail {
  id: number;
  nodeId: number;
  name: string;
  description: string;
  status: ProjectStatus;
  startDate: string | null;
  endDate: string | null;
  members: ProjectMember[];
  level: 'none' | 'read' | 'readWrite' | 'admin';
  nodes: ProjectNode[];
  createdAt: number;
  updatedAt: number;
}
/** What the server reads from addProject / updateProject. */
export type AddProjectValues = z.output<typeof addProjectRequest>;
export type UpdateProjectValues = z.output<typeof updateProjectRequest>;
