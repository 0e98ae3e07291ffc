import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits, nameSchema, type RoleTemplateItem } from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { useConsoleShell } from '@/shared/routing/consoleShell';
import { NameField } from '@/shared/forms/NameField';
import type { RoleValues } from '../api/addRole';
import { checkedKeysOf, codesFromTree, keepingUnshown, offeredPermissionTree } from './permissionCodes';
import { PermissionTree } from './PermissionTree';

export interface RoleFormValues extends RoleValues {
  templateId?: number;
}

interface RoleFormModalProps extends FormDialogProps<RoleValues> {
  open: boolean;
  title: string;
  initialValues?: Partial<RoleFormValues>;
  /** Offer these templates to start from (roles "create from template"). */
  templates?: RoleTemplateItem[];
  templatesLoading?: boolean;
  includePlatformCodes?: boolean;
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

  const handleFinish = ({ name, codes }: RoleFormValues) => onSubmit({ name: name.trim(), codes: codes ?? [] });
  return (
    <FormModal<RoleFormValues> open={open} title={title} form={form} width={600} confirmLoading={saving} initialValues={{ codes: [], ...initialValues }} okText={t('actions.save')} onCancel={onCancel} onFinish={handleFinish}>
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
      <NameField schema={nameSchema} label={t('fields.name')} max={limits.generalNameLength} placeholder={t('fields.namePlaceholder')} autoFocus={!templates} />
      <Form.Item name="codes" label={t('fields.codes')} extra={includePlatformCodes ? undefined : t('fields.codesHint')}>
        <PermissionTree includePlatformCodes={includePlatformCodes} />
      </Form.Item>
    </FormModal>
  );
}
