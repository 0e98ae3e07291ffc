import { deviceTransportKinds } from '../devices/connect';
import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { limits } from '../shared/limits';
import { pageQuery } from '../shared/paging';
import { nameText } from '../shared/text';

/** Company settings: tags (sys_tag) and device access (sys_io_socket). Decisions in docs/storage.md. */

// ---- Tags (sys_tag) ----------------------------------------------------------------------

export const tagColorPattern = /^#[0-9A-Fa-f]{6}$/;
/** `#RRGGBB`: the length of a color tagColorPattern accepts. */
export const tagColorLength = 7;
export const defaultTagColor = '#1677FF';

export const tagNameSchema = nameText()
  .min(1, 'validation.nameRequired')
  .refine((name) => [...name].length <= limits.generalNameLength, 'validation.tooLong');
export const tagColorSchema = z
  .string()
  .trim()
  .regex(tagColorPattern, 'validation.invalid')
  .transform((color) => color.toUpperCase());

/** `GET /general/tag/getTagList` */
export const tagListQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });
export type TagListQuery = z.infer<typeof tagListQuery>;
export const tagItem = z.object({ id: z.number(), name: z.string(), color: z.string(), createdAt: z.number(), updatedAt: z.number() });
export type TagItem = z.infer<typeof tagItem>;

/** `POST /general/tag/addTag` */
export const addTagRequest = z.object({ name: tagNameSchema, color: tagColorSchema.default(defaultTagColor) });
export type AddTagRequest = z.infer<typeof addTagRequest>;
/** `POST /general/tag/updateTag` */
export const updateTagRequest = z.object({ id: idSchema, name: tagNameSchema, color: tagColorSchema });
export type UpdateTagRequest = z.infer<typeof updateTagRequest>;
/** `POST /general/tag/deleteTag` */
export const deleteTagRequest = z.object({ id: idSchema });
export type DeleteTagRequest = z.infer<typeof deleteTagRequest>;

// ---- Device access (sys_io_socket) -------------------------------------------------------

/** The MQTT topic prefix of the device contract (DESIGN.md §5: `sd/{sn}/up/…`). */
export const deviceTopicPrefix = 'sd/';

/** `GET /general/company/getIoSocket` */
export const ioSocketInfo = z.object({
  mqttHost: z.string(),
  mqttPort: z.number(),
  topicPrefix: z.string(),
  accessKey: z.string(),
  /** The last 4 characters of the secret; the secret itself is shown once, when it is made. */
  secretHint: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Every way a device reaches the platform (as getConnectInfo's transports, devices/connect.ts). */
  transports: z.array(
    z.object({
      kind: z.enum(deviceTransportKinds),
      url: z.string(),
      protocolVersions: z.array(z.string()).optional(),
      caUrl: z.string().optional(),
      eventUrl: z.string().optional(),
    }),
  ),
});
export type IoSocketInfo = z.infer<typeof ioSocketInfo>;

/** `POST /general/company/regenerateIoSocketSecret` */
export const ioSocketSecret = z.object({ accessKey: z.string(), secret: z.string() });
export type IoSocketSecret = z.infer<typeof ioSocketSecret>;
