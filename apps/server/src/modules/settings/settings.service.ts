import { randomBytes } from 'node:crypto';
import { isUniqueViolation } from '@server/platform/db/uniqueViolation';
import {
  deviceTopicPrefix,
  type AddTagRequest,
  type DeviceTransportInfo,
  type IoSocketInfo,
  type IoSocketSecret,
  type Page,
  type TagItem,
  type UpdateTagRequest,
} from '@smartdata/domain';
import type { AppConfig } from '@server/config';
import { publicMqttPort, type RequestAddress } from '@server/platform/deviceConnect';
import { conflict, notFound } from '@server/platform/errors';
import { hashPassword } from '@server/platform/auth/passwords';
import type { DeviceAccessRow, SettingsRepository, TagRow } from './settings.repository';

function toTagItem(row: TagRow): TagItem {
  return { id: row.id, name: row.name, color: row.color, createdAt: row.created_at, updatedAt: row.updated_at };
}


function newSecret(): { secret: string; hint: string } {
  const secret = randomBytes(24).toString('base64url');
  return { secret, hint: secret.slice(-4) };
}

/** System settings of a company: tags (sys_tag) and device access credentials (sys_io_socket). */
export class SettingsService {
  constructor(
    private readonly repository: SettingsRepository,
    private readonly config: AppConfig,
    private readonly brokerPort: () => number | null,
    /** Every transport devices use, as seen from a request's address (platform/deviceConnect.ts). */
    private readonly transports: (request: RequestAddress) => DeviceTransportInfo[] = () => [],
  ) {}

  async tagPage(companyId: number, pageNum: number, pageSize: number, keyword?: string): Promise<Page<TagItem>> {
    const page = await this.repository.pageTags(companyId, pageNum, pageSize, keyword);
    return { total: page.total, list: page.list.map(toTagItem) };
  }

  /** Tag names are unique within a company (40900); the unique index settles a race. */
  async addTag(companyId: number, request: AddTagRequest): Promise<{ id: number }> {
    if (await this.repository.findTagByName(companyId, request.name)) {
      throw conflict('tag.nameTaken');
    }
    try {
      return { id: await this.repository.insertTag(companyId, request.name, request.color) };
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict('tag.nameTaken');
      }
      throw error;
    }
  }

  async updateTag(companyId: number, request: UpdateTagRequest): Promise<void> {
    if (!(await this.repository.findTag(companyId, request.id))) {
      throw notFound();
    }
    const sameName = await this.repository.findTagByName(companyId, request.name);
    if (sameName && sameName.id !== request.id) {
      throw conflict('tag.nameTaken');
    }
    try {
      await this.repository.updateTag(companyId, request.id, request.name, request.color);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict('tag.nameTaken');
      }
      throw error;
    }
  }

  async deleteTag(companyId: number, id: number): Promise<void> {
    if ((await this.repository.deleteTag(companyId, id)) === 0) {
      throw notFound();
    }
  }

  /**
   * Where and with what devices of the company connect. The credentials are made on the first
   * read; the secret is then known to nobody until it is regenerated (and shown once).
   */
  async ioSocket(companyId: number, request: RequestAddress): Promise<IoSocketInfo> {
    const access = await this.deviceAccess(companyId);
    return {
      mqttHost: this.config.mqttPublicHost ?? request.hostname,
      // The page always names a port: 1883 when no plain listener is known.
      mqttPort: publicMqttPort(this.config, this.brokerPort()) ?? this.config.mqttPort ?? 1883,
      topicPrefix: deviceTopicPrefix,
      accessKey: access.access_key,
      secretHint: access.secret_hint,
      createdAt: access.created_at,
      updatedAt: access.updated_at,
      transports: this.transports(request),
    };
  }

  /** A new secret for the company's access key: answered once, stored only as a scrypt hash. */
  async regenerateSecret(companyId: number): Promise<IoSocketSecret> {
    const access = await this.deviceAccess(companyId);
    const { secret, hint } = newSecret();
    await this.repository.updateDeviceSecret(companyId, await hashPassword(secret), hint);
    return { accessKey: access.access_key, secret };
  }

  private async deviceAccess(companyId: number): Promise<DeviceAccessRow> {
    const existing = await this.repository.findDeviceAccess(companyId);
    if (existing) {
      return existing;
    }
    const { secret, hint } = newSecret();
    await this.repository.insertDeviceAccessIfMissing({
      companyId,
      accessKey: `sd${randomBytes(12).toString('hex')}`,
      secretHash: await hashPassword(secret),
      secretHint: hint,
    });
    const created = await this.repository.findDeviceAccess(companyId);
    if (!created) {
      throw notFound();
    }
    return created;
  }
}
