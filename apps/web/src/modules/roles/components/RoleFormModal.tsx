import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits, nameSchema, validationMessage, type RoleTemplateItem } from '@smartdata/domain';
import { FormModal } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { useLocale } from '@/shared/i18n/useLocale';
import { useConsoleShell } from '@/shared/routing/consoleShell';
import type { RoleValues } from '../api/addRole';
import { checkedKeysOf, codesFromTree, keepingUnshown, offeredPermissionTree } from './permissionCodes';
import { PermissionTree } from './PermissionTree';

export interface RoleFormValues extends RoleValues {
  templateId?: number;
}

interface RoleFormModalProps {
  open: boolean;
  title: string;
  initialValues?: Partial<RoleFormValues>;
  /** Offer these templates to start from (roles "create from template"). */
  templates?: RoleTemplateItem[];
  templatesLoading?: boolean;
  includePlatformCodes?: boolean;
  saving: boolean;
  onSubmit: (values: RoleValues) => void;
  onCancel: () => void;
}

/** Name and permission codes of a role or role template, in one dialog (Enter saves). */
export function RoleFormModal({
  open,
  title,
  initialValues,
  templates,
  templatesLoading,
  includePlatformCodes = false,
  saving,
  onSubmit,
  onCancel,
}: RoleFormModalProps) {
  const { t } = useTranslation('roles');
  const locale = useLocale();
  const [form] = Form.useForm<RoleFormValues>();
  const { routeTable } = useConsoleShell();
  const tree = offeredPermissionTree(includePlatformCodes, routeTable);

  const applyTemplate = (templateId: number) => {
    const template = templates?.find((item) => item.id === templateId);
    if (!template) {
      return;
    }
    const checked = checkedKeysOf(template.codes, tree);
    const sections = tree.filter((def) => template.codes.includes(def.code)).map((def) => def.code);
    form.setFieldsValue({ codes: keepingUnshown(codesFromTree(checked, sections, tree), template.codes, tree) });
    if (!form.getFieldValue('name')) {
      form.setFieldsValue({ name: template.name.slice(0, limits.generalNameLength) });
    }
  };

  return (
    <FormModal<RoleFormValues>
      open={open}
      title={title}
      form={form}
      width={600}
      confirmLoading={saving}
      initialValues={{ codes: [], ...initialValues }}
      okText={t('actions.save')}
      onCancel={onCancel}
      onFinish={({ name, codes }) => onSubmit({ name: name.trim(), codes: codes ?? [] })}
    >
      {templates && (
        <Form.Item
          name="templateId"
          label={t('fields.template')}
          extra={t('fields.templateHint')}
          rules={[{ required: true, message: t('fields.templateRequired') }]}
        >
          <Select
            autoFocus
            showSearch={{ optionFilterProp: 'label' }}
            loading={templatesLoading}
            placeholder={t('fields.templatePlaceholder')}
            options={templates.map((template) => ({ value: template.id, label: template.name }))}
            onChange={applyTemplate}
            notFoundContent={templatesLoading ? undefined : t('templates.empty')}
          />
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label={t('fields.name')}
        rules={[
          { required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' },
          domainRule(nameSchema, t),
        ]}
      >
        <Input autoFocus={!templates} maxLength={limits.generalNameLength} showCount placeholder={t('fields.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="codes" label={t('fields.codes')} extra={includePlatformCodes ? undefined : t('fields.codesHint')}>
        <PermissionTree includePlatformCodes={includePlatformCodes} />
      </Form.Item>
    </FormModal>
  );
}
