import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { salesLimits } from '@smartdata/domain';
import type { ZodType } from 'zod';
import { domainRule } from '@/shared/forms/domainRule';
import { CustomerField } from './CustomerField';

/** A contract's or an order's number (automatic when left empty) beside its customer. */
export function NumberCustomerRow({ numberSchema }: { numberSchema: ZodType }) {
  const { t } = useTranslation('sales');
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item name="number" label={t('fields.number')} rules={[domainRule(numberSchema, t)]}>
          <Input placeholder={t('form.numberPlaceholder')} maxLength={salesLimits.numberLength} className="sd-mono" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <CustomerField />
      </Col>
    </Row>
  );
}

/** A contract's or an order's remarks, checked with the domain's schema. */
export function RemarksField({ schema }: { schema: ZodType }) {
  const { t } = useTranslation('sales');
  return (
    <Form.Item name="remarks" label={t('fields.remarks')} rules={[domainRule(schema, t)]}>
      <Input.TextArea maxLength={salesLimits.remarksLength} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
    </Form.Item>
  );
}
