import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CabinService } from '../cabin/cabin.service';
import { FilesRepository } from './files.repository';
import { registerFilesRoutes } from './files.routes';
import { FilesService, type FileStorage } from './files.service';

/**
 * File nodes of the data cabin (issue 14.2, docs/cabin.md "Files and projects"): uploaded objects
 * of the storage module with their versions, and the company's file settings. Registers the
 * cabin's `file` kind.
 */
export function registerFilesModule(app: FastifyInstance, platform: Platform, deps: { cabin: CabinService; storage: FileStorage }): FilesService {
  const files = new FilesService(new FilesRepository(platform.db), deps.cabin, deps.storage);
  registerFilesRoutes(app, files);
  deps.cabin.registerKind('file', files.nodeHandler());
  return files;
}
