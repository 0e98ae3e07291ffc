import { AutoComplete, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { addContractRequest, salesLimits, validationMessage, type CustomerItem } from '@smartdata/domain';
import { PICK_LIST_SIZE } from '@/modules/inventory/api/keys';
import { useCustomerListQuery } from '@/modules/inventory/api/masterData';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';

/** The inventory customers, for the customer fields (pick one or type a new name). */
export function useCustomers(): CustomerItem[] {
  return useCustomerListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE }).data?.list ?? [];
}

/** A customer of the company's list by its name, else the typed name (the server makes it a customer). */
export function customerValue(name: string, customers: readonly CustomerItem[]): number | string {
  const trimmed = name.trim();
  return customers.find((c) => c.name === trimmed)?.id ?? trimmed;
}

/** The customer field: pick from the inventory customers or type a new name. */
export function CustomerField({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation('sales');
  const locale = useLocale();
  const customers = useCustomers();
  return (
    <Form.Item
      name="customer"
      label={t('fields.customer')}
      extra={t('form.customerHint')}
      rules={[{ required: true, whitespace: true, message: validationMessage('validation.required', locale) ?? '' }, domainRule(addContractRequest.shape.customer.options[1], t)]}
    >
      <AutoComplete
        disabled={disabled}
        options={customers.map((c) => ({ value: c.name }))}
        showSearch={{ filterOption: (input, option) => (option?.value ?? '').toLowerCase().includes(input.toLowerCase()) }}
        placeholder={t('form.customerPlaceholder')}
        maxLength={salesLimits.customerLength}
      />
    </Form.Item>
  );
}
