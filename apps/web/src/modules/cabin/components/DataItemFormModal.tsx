import { useMemo, useRef } from 'react';
import { App, Button, Checkbox, Form, Input, InputNumber, Radio, Select, TreeSelect } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  addDataItemRequest,
  DataItemKind,
  dataItemKindCodes,
  dataItemLimits,
  dataItemNameSchema,
  dateDisplays,
  FieldType,
  fieldInput,
  fieldNameSchema,
  fieldTypeCodes,
  levelAtLeast,
  validationMessage,
  type CabinTreeNode,
  type DateDisplay,
  type FieldTypeCode,
} from '@smartdata/domain';
import { FormModal, type FormDialogProps } from '@/shared/components/FormModal';
import { domainRule } from '@/shared/forms/domainRule';
import { useFieldKeySuggester } from '@/shared/forms/fieldKey';
import { useLocale } from '@/shared/i18n/useLocale';
import { NameField } from '@/shared/forms/NameField';
import type { DataItemValues } from '../api/addDataItem';
import { directoryOptions } from './cabinTree';

interface FieldRow {
  name: string;
  fieldName: string;
  type: FieldTypeCode;
  unit?: string;
  required?: boolean;
  decimalPlaces?: number | null;
  dateDisplay?: DateDisplay | null;
}

interface DataItemFormValues {
  name: string;
  kind?: number;
  directoryId?: number;
  fields: FieldRow[];
}

interface DataItemFormModalProps extends FormDialogProps<DataItemValues> {
  tree: CabinTreeNode[];
  /** The directory chosen in the tree, if any. */
  directoryId: number | null;
}

const hasDecimals = (type: number | undefined) => type === FieldType.decimal || type === FieldType.currency;

/** The keys of the other rows (a row's suggested key must differ from them). */
const keysBesides = (rows: readonly Partial<FieldRow>[] | undefined, index: number) => (rows ?? []).filter((_row, at) => at !== index).map((row) => (row?.fieldName ?? '').trim());

/**
 * A new data item (spec §3, §5): name without special characters, kind (10, 11, 13) and parent
 * directory required, and its basic fields. The rules are the domain's addDataItem schema, shown
 * before sending; the data item's settings page edits the rest.
 */
export function DataItemFormModal({ tree, directoryId, saving, onSubmit, onCancel }: DataItemFormModalProps) {
  const { t } = useTranslation('cabin');
  const { message } = App.useApp();
  const locale = useLocale();
  const [form] = Form.useForm<DataItemFormValues>();
  const directories = useMemo(() => directoryOptions(tree, (directory) => levelAtLeast(directory.level, 'readWrite')), [tree]);
  const required = (key: string) => ({ required: true, message: validationMessage(key, locale) ?? '' });
  const suggestKey = useFieldKeySuggester();
  /** Rows (Form.List keys) whose field key the user typed: their key no longer follows the name. */
  const keyTyped = useRef(new Set<number>());
  const kind = Form.useWatch('kind', form);

  const handleNameChange = (rowKey: number, index: number, name: string) => {
    if (keyTyped.current.has(rowKey)) {
      return;
    }
    const rows = form.getFieldValue('fields') as FieldRow[] | undefined;
    form.setFieldValue(['fields', index, 'fieldName'], suggestKey(name, keysBesides(rows, index)));
  };

  const handleFinish = (values: DataItemFormValues) => {
    const request = {
      directoryId: values.directoryId,
      name: values.name.trim(),
      kind: values.kind,
      fields: values.fields.map((row, index) => ({
        name: row.name.trim(),
        fieldName: row.fieldName.trim(),
        type: row.type,
        unit: row.unit?.trim() ?? '',
        priority: index,
        required: row.required ?? false,
        decimalPlaces: hasDecimals(row.type) ? (row.decimalPlaces ?? null) : null,
        dateDisplay: row.type === FieldType.dateTime ? (row.dateDisplay ?? 'datetime') : null,
      })),
    };
    // The field rules already ran; this is the whole request as the server will check it.
    const parsed = addDataItemRequest.safeParse(request);
    if (!parsed.success) {
      void message.error(validationMessage(parsed.error.issues[0]?.message ?? 'validation.invalid', locale) ?? t('dataItem.invalid'));
      return;
    }
    onSubmit({ ...request, directoryId: parsed.data.directoryId, kind: parsed.data.kind });
  };

  return (
    <FormModal<DataItemFormValues>
      title={t('dataItem.createTitle')}
      form={form}
      width={980}
      confirmLoading={saving}
      initialValues={{
        directoryId: directoryId ?? undefined,
        kind: DataItemKind.artificialList,
        fields: [{ name: '', fieldName: 'field1', type: FieldType.text, unit: '', required: false }],
      }}
      okText={t('actions.create')}
      onCancel={onCancel}
      onFinish={handleFinish}
    >
      <div className="sd-cabin-item-form__head">
        <NameField schema={dataItemNameSchema} label={t('fields.name.dataItem')} max={dataItemLimits.nameLength} counter="count" extra={t('dataItem.nameHint')} autoFocus />
        <Form.Item name="directoryId" label={t('fields.directory')} rules={[required('validation.dataItem.directoryRequired')]}>
          <TreeSelect
            treeData={directories}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            placeholder={t('fields.directoryPlaceholder')}
            notFoundContent={t('fields.noDirectory')}
          />
        </Form.Item>
      </div>
      <Form.Item name="kind" label={t('fields.itemKind')} rules={[required('validation.dataItem.kindRequired')]} extra={kind ? t(`itemKindHints.${kind}`) : undefined}>
        <Radio.Group optionType="button" options={dataItemKindCodes.map((code) => ({ value: code, label: t(`itemKinds.${code}`) }))} />
      </Form.Item>

      <div className="sd-cabin-fields" role="group" aria-label={t('fields.fields')}>
        <div className="sd-cabin-fields__title">
          <span className="sd-cabin-fields__label">{t('fields.fields')}</span>
          <span className="sd-muted">{t('dataItem.fieldsHint')}</span>
        </div>
        <div className="sd-cabin-fields__row sd-cabin-fields__row--head" aria-hidden="true">
          <span>{t('field.name')}</span>
          <span>{t('field.fieldName')}</span>
          <span>{t('field.type')}</span>
          <span>{t('field.unit')}</span>
          <span>{t('field.format')}</span>
          <span>{t('field.required')}</span>
          <span />
        </div>
        <Form.List
          name="fields"
          rules={[
            {
              validator: async (_rule, rows: FieldRow[] | undefined) => {
                if (!rows || rows.length === 0) {
                  throw new Error(validationMessage('validation.dataItem.noFields', locale) ?? '');
                }
              },
            },
          ]}
        >
          {(rows, { add, remove }, { errors }) => (
            <>
              {rows.map((row, index) => (
                <div key={row.key} className="sd-cabin-fields__row">
                  <Form.Item
                    name={[row.name, 'name']}
                    rules={[{ required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' }, domainRule(fieldInput.shape.name, t)]}
                  >
                    <Input aria-label={t('field.nameOf', { n: index + 1 })} placeholder={t('field.namePlaceholder')} onChange={(event) => handleNameChange(row.key, index, event.target.value)} />
                  </Form.Item>
                  <Form.Item
                    name={[row.name, 'fieldName']}
                    rules={[
                      { required: true, whitespace: true, message: validationMessage('validation.required', locale) ?? '' },
                      domainRule(fieldNameSchema, t),
                      {
                        validator: async (_rule, value: string | undefined) => {
                          const list = (form.getFieldValue('fields') as FieldRow[] | undefined) ?? [];
                          const lower = (value ?? '').trim().toLowerCase();
                          if (lower !== '' && list.some((other, at) => at !== index && (other?.fieldName ?? '').trim().toLowerCase() === lower)) {
                            throw new Error(validationMessage('validation.fieldName.duplicate', locale) ?? '');
                          }
                        },
                      },
                    ]}
                  >
                    <Input
                      aria-label={t('field.fieldNameOf', { n: index + 1 })}
                      className="sd-mono"
                      onChange={(event) => {
                        // Typed by hand: kept as typed; emptied: follows the name again.
                        if (event.target.value.trim() === '') {
                          keyTyped.current.delete(row.key);
                        } else {
                          keyTyped.current.add(row.key);
                        }
                      }}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, 'type']} rules={[{ required: true, message: validationMessage('validation.required', locale) ?? '' }]}>
                    <Select aria-label={t('field.typeOf', { n: index + 1 })} options={fieldTypeCodes.map((code) => ({ value: code, label: t(`fieldTypes.${code}`) }))} />
                  </Form.Item>
                  <Form.Item name={[row.name, 'unit']} rules={[domainRule(fieldInput.shape.unit, t)]}>
                    <Input aria-label={t('field.unitOf', { n: index + 1 })} placeholder={t('field.unitPlaceholder')} />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate={(before: DataItemFormValues, after: DataItemFormValues) => before.fields?.[index]?.type !== after.fields?.[index]?.type}>
                    {() => {
                      const type = form.getFieldValue(['fields', row.name, 'type']) as number | undefined;
                      if (hasDecimals(type)) {
                        return (
                          <Form.Item name={[row.name, 'decimalPlaces']}>
                            <InputNumber
                              aria-label={t('field.decimalPlacesOf', { n: index + 1 })}
                              min={0}
                              max={dataItemLimits.decimalPlacesMax}
                              precision={0}
                              placeholder={t('field.decimalPlaces')}
                              style={{ width: '100%' }}
                            />
                          </Form.Item>
                        );
                      }
                      if (type === FieldType.dateTime) {
                        return (
                          <Form.Item name={[row.name, 'dateDisplay']} initialValue="datetime">
                            <Select aria-label={t('field.dateDisplayOf', { n: index + 1 })} options={dateDisplays.map((display) => ({ value: display, label: t(`dateDisplays.${display}`) }))} />
                          </Form.Item>
                        );
                      }
                      return <span className="sd-muted sd-cabin-fields__none">—</span>;
                    }}
                  </Form.Item>
                  <Form.Item name={[row.name, 'required']} valuePropName="checked">
                    <Checkbox aria-label={t('field.requiredOf', { n: index + 1 })} />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('field.remove', { n: index + 1 })}
                    disabled={rows.length === 1}
                    onClick={() => remove(row.name)}
                  />
                </div>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                block
                disabled={rows.length >= dataItemLimits.fieldsMax}
                onClick={() => {
                  const list = (form.getFieldValue('fields') as FieldRow[] | undefined) ?? [];
                  add({ name: '', fieldName: suggestKey('', keysBesides(list, -1)), type: FieldType.text, unit: '', required: false });
                }}
              >
                {t('field.add')}
              </Button>
            </>
          )}
        </Form.List>
      </div>
    </FormModal>
  );
}
