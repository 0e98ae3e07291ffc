import type { AddJumpRequest } from '@smartdata/domain';

/** A jump association as the settings page edits it: the domain's request without the item. */
export type JumpValues = Omit<AddJumpRequest, 'itemId'>;
