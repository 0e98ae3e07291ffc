/** Query keys of the orders module. */
export const ordersKeys = {
  all: ['orders'] as const,
  myOrders: () => [...ordersKeys.all, 'myOrders'] as const,
};
