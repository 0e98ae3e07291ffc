import type { OrderItem, Page } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { notFound, validationError } from '@server/platform/errors';
import { CompaniesRepository } from '../companies/companies.repository';
import { OrdersRepository } from './orders.repository';

type OrderRow = Awaited<ReturnType<OrdersRepository['ofCompany']>>[number];

function toOrderItem(row: OrderRow): OrderItem {
  return {
    id: row.id,
    companyId: row.company_id,
    companyName: row.display_name,
    swProductId: row.sw_product_id,
    subTypeId: row.sub_type_id,
    startAt: row.start_at,
    expireAt: row.expire_at,
    createdAt: row.created_at,
  };
}

export class OrdersService {
  readonly repository: OrdersRepository;
  private readonly companies: CompaniesRepository;

  constructor(db: Db) {
    this.repository = new OrdersRepository(db);
    this.companies = new CompaniesRepository(db);
  }

  async myOrders(companyId: number): Promise<OrderItem[]> {
    return (await this.repository.ofCompany(companyId)).map(toOrderItem);
  }

  async list(pageNum: number, pageSize: number, companyId?: number): Promise<Page<OrderItem>> {
    const { total, rows } = await this.repository.page(pageNum, pageSize, companyId);
    return { total, list: rows.map(toOrderItem) };
  }

  async add(values: { companyId: number; swProductId: string; subTypeId: string; startAt: number; expireAt: number }): Promise<{ id: number }> {
    if (!(await this.companies.findById(values.companyId))) {
      throw notFound();
    }
    return { id: await this.repository.insert(values) };
  }

  /** Renewal moves the expiry later; it never shortens an order. */
  async renew(id: number, expireAt: number): Promise<void> {
    const order = await this.repository.find(id);
    if (!order) {
      throw notFound();
    }
    if (expireAt <= order.expire_at) {
      throw validationError('order.renewEarlier');
    }
    await this.repository.renew(id, expireAt);
  }

  /** orderInfo of the current user (spec §3): the company's current order. */
  async orderInfo(companyId: number | null): Promise<{ swProductId: string; subTypeId: string; expireAt: number } | null> {
    if (companyId === null) {
      return null;
    }
    const order = (await this.repository.currentOrders([companyId])).get(companyId);
    return order ? { swProductId: order.sw_product_id, subTypeId: order.sub_type_id, expireAt: order.expire_at } : null;
  }
}
