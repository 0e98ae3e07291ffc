import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CabinService } from '../cabin/cabin.service';
import { TemplatesRepository } from './templates.repository';
import { registerTemplatesRoutes } from './templates.routes';
import { TemplatesService, type TemplateDeps } from './templates.service';

/**
 * Document templates of data items and content templates of the company (issue 17,
 * docs/templates.md): registers the `/general/template/` calls and removes an item's templates
 * with the item. Returns the service (content templates rendered for notifications).
 */
export function registerTemplatesModule(app: FastifyInstance, platform: Platform, deps: Omit<TemplateDeps, 'cabin'> & { cabin: CabinService }): TemplatesService {
  const templates = new TemplatesService(new TemplatesRepository(platform.db), deps);
  registerTemplatesRoutes(app, templates);
  deps.cabin.onRemove('dataItem', (trx, companyId, itemIds) => templates.removeOfItems(trx, companyId, itemIds));
  return templates;
}
