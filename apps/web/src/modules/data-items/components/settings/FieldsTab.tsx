import { useRef, useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, InputNumber, Select, Space, Table, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  dataItemLimits,
  dateDisplayFormats,
  dateDisplays,
  FieldType,
  fieldInput,
  fieldListProblems,
  fieldNameSchema,
  fieldTypeCodes,
  validationMessage,
  type DataItemDetail,
} from '@smartdata/domain';
import { domainRule } from '@/shared/forms/domainRule';
import { useFieldKeySuggester } from '@/shared/forms/fieldKey';
import { useLocale } from '@/shared/i18n/useLocale';
import { useUpdateDataItemMutation } from '../../api/updateDataItem';
import { domainText } from '../../lib/domainText';
import { canIndex, fieldInputsOf, fieldsInUse, hasDecimals, rowsOf, type FieldRow } from './fieldRows';

interface FieldsTabProps {
  item: DataItemDetail;
  canWrite: boolean;
}

/**
 * The fields of a data item: name, key (ASCII identifier, unique), type, unit, order (drag or
 * arrows), required, decimal places (numbers), date display (date-times), index. Every rule of the
 * server shows here first: the domain's schemas, the list rules (fieldListProblems), a type that
 * cannot change once there are records, fields still used by forms, jumps or forwards.
 */
export function FieldsTab({ item, canWrite }: FieldsTabProps) {
  const { t } = useTranslation(['data-items', 'texts']);
  const { message } = App.useApp();
  const locale = useLocale();
  const [form] = Form.useForm<{ fields: FieldRow[] }>();
  const update = useUpdateDataItemMutation();
  const [problems, setProblems] = useState<string[]>([]);
  const dragFrom = useRef<number | null>(null);
  const used = fieldsInUse(item);
  const typeLocked = (item.recordCount ?? 0) > 0;
  const required = (text: string) => ({ required: true, whitespace: true, message: text });
  const suggestKey = useFieldKeySuggester();
  /** New rows (Form.List keys) whose key the user typed: it no longer follows the name. */
  const keyTyped = useRef(new Set<number>());
  const otherKeys = (index: number) => ((form.getFieldValue('fields') as FieldRow[] | undefined) ?? []).filter((_row, at) => at !== index).map((row) => (row?.fieldName ?? '').trim());

  /** A new field's key follows its name (pinyin for Chinese) until typed by hand; stored keys never change. */
  const handleNameChange = (rowKey: number, index: number, name: string) => {
    const original = form.getFieldValue(['fields', index, 'original']) as string | null;
    if (original === null && !keyTyped.current.has(rowKey)) {
      form.setFieldValue(['fields', index, 'fieldName'], suggestKey(name, otherKeys(index)));
    }
  };

  const handleFinish = async ({ fields }: { fields: FieldRow[] }) => {
    const inputs = fieldInputsOf(fields);
    const listProblems = fieldListProblems(inputs).map((p) => `${inputs[p.index]?.name ?? ''}：${domainText(p.key, locale)}`);
    if (inputs.length === 0) {
      listProblems.push(domainText('validation.dataItem.noFields', locale));
    }
    setProblems(listProblems);
    if (listProblems.length > 0) {
      return;
    }
    try {
      await update.mutateAsync({ id: item.id, fields: inputs });
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <Form<{ fields: FieldRow[] }>
      form={form}
      initialValues={{ fields: rowsOf(item.fields) }}
      onFinish={(values) => void handleFinish(values)}
      disabled={!canWrite}
      className="sd-fields-editor"
      onValuesChange={() => problems.length > 0 && setProblems([])}
    >
      <Form.List name="fields">
        {(rows, { add, remove, move }) => (
          <>
            <Table
              rowKey="key"
              size="small"
              pagination={false}
              dataSource={rows}
              scroll={{ x: 1000 }}
              className="sd-fields-editor__table"
              onRow={(row) => ({
                draggable: canWrite,
                onDragStart: () => {
                  dragFrom.current = row.name;
                },
                onDragOver: (event) => event.preventDefault(),
                onDrop: (event) => {
                  event.preventDefault();
                  if (dragFrom.current !== null && dragFrom.current !== row.name) {
                    move(dragFrom.current, row.name);
                  }
                  dragFrom.current = null;
                },
              })}
              columns={[
                {
                  key: 'order',
                  title: t('fields.order'),
                  width: 96,
                  render: (_v, row, index) => (
                    <Space size={0}>
                      <HolderOutlined className="sd-fields-editor__handle" aria-hidden />
                      <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('fields.moveUp', { n: index + 1 })} />
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowDownOutlined />}
                        disabled={index === rows.length - 1}
                        onClick={() => move(index, index + 1)}
                        aria-label={t('fields.moveDown', { n: index + 1 })}
                      />
                    </Space>
                  ),
                },
                {
                  key: 'name',
                  title: t('fields.name'),
                  width: 150,
                  render: (_v, row, index) => (
                    <Form.Item name={[row.name, 'name']} rules={[required(validationMessage('validation.nameRequired', locale) ?? ''), domainRule(fieldInput.shape.name, t)]} noStyle={false} className="sd-fields-editor__cell">
                      <Input
                        maxLength={dataItemLimits.nameLength}
                        placeholder={t('fields.namePlaceholder')}
                        aria-label={t('fields.nameOf', { n: index + 1 })}
                        onChange={(event) => handleNameChange(row.key, row.name, event.target.value)}
                      />
                    </Form.Item>
                  ),
                },
                {
                  key: 'fieldName',
                  title: (
                    <Tooltip title={t('fields.fieldNameHint')}>
                      <span className="sd-dotted">{t('fields.fieldName')}</span>
                    </Tooltip>
                  ),
                  width: 150,
                  render: (_v, row, index) => (
                    <Form.Item
                      name={[row.name, 'fieldName']}
                      className="sd-fields-editor__cell"
                      rules={[
                        required(validationMessage('validation.required', locale) ?? ''),
                        domainRule(fieldNameSchema, t),
                        {
                          validator: async (_rule, value: string | undefined) => {
                            const all = (form.getFieldValue('fields') as FieldRow[]).map((f) => (f?.fieldName ?? '').trim().toLowerCase());
                            const mine = (value ?? '').trim().toLowerCase();
                            if (mine && all.filter((name) => name === mine).length > 1) {
                              throw new Error(domainText('validation.fieldName.duplicate', locale));
                            }
                          },
                        },
                      ]}
                    >
                      <Input
                        className="sd-mono"
                        maxLength={dataItemLimits.fieldNameLength}
                        placeholder="temperature"
                        aria-label={t('fields.fieldNameOf', { n: index + 1 })}
                        onChange={(event) => (event.target.value.trim() === '' ? keyTyped.current.delete(row.key) : keyTyped.current.add(row.key))}
                        disabled={!canWrite || (form.getFieldValue(['fields', row.name, 'original']) as string | null) !== null}
                      />
                    </Form.Item>
                  ),
                },
                {
                  key: 'type',
                  title: t('fields.type'),
                  width: 120,
                  render: (_v, row, index) => {
                    const existing = (form.getFieldValue(['fields', row.name, 'original']) as string | null) !== null;
                    const locked = existing && typeLocked;
                    return (
                      <Tooltip title={locked ? t('fields.typeLocked') : undefined}>
                        <Form.Item name={[row.name, 'type']} className="sd-fields-editor__cell" rules={[{ required: true, message: t('fields.typeRequired') }]}>
                          <Select
                            aria-label={t('fields.typeOf', { n: index + 1 })}
                            disabled={!canWrite || locked}
                            options={fieldTypeCodes.map((code) => ({ value: code, label: t(`fieldTypes.${code}`) }))}
                            onChange={(type: number) => {
                              form.setFieldValue(['fields', row.name, 'decimalPlaces'], hasDecimals(type as FieldRow['type']) ? (type === FieldType.currency ? 2 : null) : null);
                              form.setFieldValue(['fields', row.name, 'dateDisplay'], type === FieldType.dateTime ? 'datetime' : null);
                              if (!canIndex(type as FieldRow['type'])) {
                                form.setFieldValue(['fields', row.name, 'indexed'], false);
                              }
                            }}
                          />
                        </Form.Item>
                      </Tooltip>
                    );
                  },
                },
                {
                  key: 'unit',
                  title: t('fields.unit'),
                  width: 90,
                  render: (_v, row, index) => (
                    <Form.Item name={[row.name, 'unit']} className="sd-fields-editor__cell" rules={[domainRule(fieldInput.shape.unit, t)]}>
                      <Input maxLength={dataItemLimits.unitLength} aria-label={t('fields.unitOf', { n: index + 1 })} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'required',
                  title: t('fields.required'),
                  width: 64,
                  align: 'center',
                  render: (_v, row, index) => (
                    <Form.Item name={[row.name, 'required']} valuePropName="checked" className="sd-fields-editor__cell">
                      <Checkbox aria-label={t('fields.requiredOf', { n: index + 1 })} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'format',
                  title: t('fields.format'),
                  width: 230,
                  render: (_v, row, index) => (
                    <Form.Item noStyle shouldUpdate={(a: { fields: FieldRow[] }, b: { fields: FieldRow[] }) => a.fields[row.name]?.type !== b.fields[row.name]?.type}>
                      {() => {
                        const type = form.getFieldValue(['fields', row.name, 'type']) as FieldRow['type'] | undefined;
                        if (hasDecimals(type)) {
                          return (
                            <Form.Item name={[row.name, 'decimalPlaces']} className="sd-fields-editor__cell" rules={[domainRule(fieldInput.shape.decimalPlaces, t)]}>
                              <InputNumber
                                min={0}
                                max={dataItemLimits.decimalPlacesMax}
                                precision={0}
                                prefix={<span className="sd-muted">{t('fields.decimalPlaces')}</span>}
                                placeholder={type === FieldType.currency ? '2' : t('fields.asEntered')}
                                aria-label={t('fields.decimalPlacesOf', { n: index + 1 })}
                                style={{ width: '100%' }}
                              />
                            </Form.Item>
                          );
                        }
                        if (type === FieldType.dateTime) {
                          return (
                            <Form.Item name={[row.name, 'dateDisplay']} className="sd-fields-editor__cell">
                              <Select
                                aria-label={t('fields.dateDisplayOf', { n: index + 1 })}
                                options={dateDisplays.map((display) => ({ value: display, label: `${t(`dateDisplays.${display}`)}  ${dateDisplayFormats[display]}` }))}
                              />
                            </Form.Item>
                          );
                        }
                        return <span className="sd-muted sd-fields-editor__note">{type === FieldType.integer ? t('fields.integerHint') : '—'}</span>;
                      }}
                    </Form.Item>
                  ),
                },
                {
                  key: 'indexed',
                  title: (
                    <Tooltip title={t('fields.indexedHint')}>
                      <span className="sd-dotted">{t('fields.indexed')}</span>
                    </Tooltip>
                  ),
                  width: 64,
                  align: 'center',
                  render: (_v, row, index) => (
                    <Form.Item noStyle shouldUpdate={(a: { fields: FieldRow[] }, b: { fields: FieldRow[] }) => a.fields[row.name]?.type !== b.fields[row.name]?.type}>
                      {() => (
                        <Form.Item name={[row.name, 'indexed']} valuePropName="checked" className="sd-fields-editor__cell">
                          <Checkbox disabled={!canWrite || !canIndex(form.getFieldValue(['fields', row.name, 'type']) as FieldRow['type'])} aria-label={t('fields.indexedOf', { n: index + 1 })} />
                        </Form.Item>
                      )}
                    </Form.Item>
                  ),
                },
                {
                  key: 'remove',
                  title: '',
                  width: 48,
                  render: (_v, row, index) => {
                    const original = form.getFieldValue(['fields', row.name, 'original']) as string | null;
                    const inUse = original !== null && used.has(original);
                    return (
                      <Tooltip title={inUse ? t('fields.inUse') : undefined}>
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          disabled={!canWrite || inUse || rows.length === 1}
                          onClick={() => remove(row.name)}
                          aria-label={t('fields.removeOf', { n: index + 1 })}
                        />
                      </Tooltip>
                    );
                  },
                },
              ]}
            />
            {canWrite && (
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                className="sd-fields-editor__add"
                disabled={rows.length >= dataItemLimits.fieldsMax}
                onClick={() => add({ original: null, name: '', fieldName: suggestKey('', otherKeys(-1)), type: FieldType.text, unit: '', required: false, decimalPlaces: null, dateDisplay: null, indexed: false } satisfies FieldRow)}
              >
                {t('fields.add')}
              </Button>
            )}
          </>
        )}
      </Form.List>
      {problems.length > 0 && <Alert type="error" showIcon className="sd-settings__problems" title={t('fields.problems')} description={<ul>{problems.map((p) => <li key={p}>{p}</li>)}</ul>} />}
      {canWrite && (
        <div className="sd-settings__footer">
          <span className="sd-muted">{typeLocked ? t('fields.footerLocked', { count: item.recordCount ?? 0 }) : t('fields.footer')}</span>
          <Space>
            <Button onClick={() => form.resetFields()} disabled={update.isPending}>
              {t('actions.reset')}
            </Button>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('fields.save')}
            </Button>
          </Space>
        </div>
      )}
    </Form>
  );
}
