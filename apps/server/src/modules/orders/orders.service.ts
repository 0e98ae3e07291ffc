import type { Locale, OrderItem, Page } from '@smartdata/domain';
import { notFound, validationError } from '@server/platform/errors';
import { builtinName } from '@server/platform/i18n';
import type { OrdersRepository } from './orders.repository';

/** What orders asks of the companies module (a port: the companies module calls orders). */
export interface OrderCompanies {
  /** True for a company that exists and was not deleted. */
  exists(companyId: number): Promise<boolean>;
}

/** The order that counts for a company now (orderInfo of spec §3, the platform's company list). */
export interface CurrentOrder {
  swProductId: string;
  subTypeId: string;
  expireAt: number;
}

type OrderRow = Awaited<ReturnType<OrdersRepository['ofCompany']>>[number];

/** An order as the reader of `locale` sees it (the platform company's built-in name translated). */
function toOrderItem(row: OrderRow, locale: Locale): OrderItem {
  return {
    id: row.id,
    companyId: row.company_id,
    companyName: builtinName(row.display_name, row.builtin_key, locale),
    swProductId: row.sw_product_id,
    subTypeId: row.sub_type_id,
    startAt: row.start_at,
    expireAt: row.expire_at,
    createdAt: row.created_at,
  };
}

/** Product orders of companies: the only path to the product_order table. */
export class OrdersService {
  constructor(
    private readonly repository: OrdersRepository,
    private readonly companies: OrderCompanies,
  ) {}

  async myOrders(companyId: number, locale: Locale): Promise<OrderItem[]> {
    return (await this.repository.ofCompany(companyId)).map((row) => toOrderItem(row, locale));
  }

  async list(pageNum: number, pageSize: number, locale: Locale, companyId?: number): Promise<Page<OrderItem>> {
    const { total, rows } = await this.repository.page(pageNum, pageSize, companyId);
    return { total, list: rows.map((row) => toOrderItem(row, locale)) };
  }

  async add(values: { companyId: number; swProductId: string; subTypeId: string; startAt: number; expireAt: number }): Promise<{ id: number }> {
    if (!(await this.companies.exists(values.companyId))) {
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
  async orderInfo(companyId: number | null): Promise<CurrentOrder | null> {
    if (companyId === null) {
      return null;
    }
    return (await this.currentOrders([companyId])).get(companyId) ?? null;
  }

  /** The current order of each of the companies that has one: the one that expires last. */
  async currentOrders(companyIds: number[]): Promise<Map<number, CurrentOrder>> {
    const orders = new Map<number, CurrentOrder>();
    for (const [companyId, order] of await this.repository.currentOrders(companyIds)) {
      orders.set(companyId, { swProductId: order.sw_product_id, subTypeId: order.sub_type_id, expireAt: order.expire_at });
    }
    return orders;
  }
}
