import type { AddForwardRequest } from '@smartdata/domain';

/** A forward condition as the settings page edits it: the domain's request without the item. */
export type ForwardValues = Omit<AddForwardRequest, 'itemId'>;
