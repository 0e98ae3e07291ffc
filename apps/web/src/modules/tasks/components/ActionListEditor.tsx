import { Button, Card, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FieldType, ruleLimits, taskActionKinds, type DataField, type DataItemSummary, type DeviceItem, type TaskActionKind } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { ContentTemplatePicker } from '@/modules/templates/components/ContentTemplatePicker';
import { ChannelSelectField } from '@/modules/notify/components/ChannelFields';
import { isNumericField, newAction, type ActionValues, type FieldsOf } from '../lib/ruleForm';
import { taskText } from '../lib/texts';
import { GroupPicker, UserPicker } from './RecipientPickers';

/** Fields a value can be written to or read from (pictures and files are uploads, not values). */
export const valueFields = (fields: readonly DataField[] | undefined): DataField[] => (fields ?? []).filter((f) => f.type !== FieldType.picture && f.type !== FieldType.file);

const fieldOption = (f: DataField) => ({ value: f.fieldName, label: f.unit ? `${f.name} (${f.unit})` : f.name });

interface ActionListEditorProps {
  items: DataItemSummary[];
  itemsLoading: boolean;
  devices: DeviceItem[];
  devicesLoading: boolean;
  fieldsOf: FieldsOf;
  /** The watched item's fields (a rule): values may be copied from them. Absent: no copies (executable tasks). */
  watchedFields?: readonly DataField[];
}

/**
 * The actions of an intelligent rule or an executable task (1–10, in order): add, remove, move up
 * and down; each kind with its own fields — a record's values (fixed, or copied from the watched
 * record in a rule), a gateway device, recipients with SMS / e-mail and a message, an alarm's item,
 * field and level.
 */
export function ActionListEditor(props: ActionListEditorProps) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  return (
    <Form.List name="actions">
      {(fields, { add, remove, move }) => (
        <div className="sd-task-actions">
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              className="sd-task-action"
              title={
                <Space size={12}>
                  <span className="sd-task-action__index">{t('actionForm.indexTitle', { index: index + 1 })}</span>
                  <KindSelect name={field.name} index={index} />
                </Space>
              }
              extra={
                <Space size={0}>
                  <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('actionForm.moveUp', { index: index + 1 })} title={t('actionForm.moveUp', { index: index + 1 })} />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={t('actionForm.moveDown', { index: index + 1 })}
                    title={t('actionForm.moveDown', { index: index + 1 })}
                  />
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('actionForm.remove', { index: index + 1 })} title={t('actionForm.remove', { index: index + 1 })} />
                </Space>
              }
            >
              <ActionBody name={field.name} {...props} />
            </Card>
          ))}
          <Space wrap>
            {taskActionKinds.map((kind) => (
              <Button key={kind} icon={<PlusOutlined />} disabled={fields.length >= ruleLimits.actionsMax} onClick={() => add(newAction(kind))}>
                {taskText(`task.action.${kind}`, locale)}
              </Button>
            ))}
          </Space>
        </div>
      )}
    </Form.List>
  );
}

/** The kind of an action; changing it keeps the card and starts its fields afresh. */
function KindSelect({ name, index }: { name: number; index: number }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const form = Form.useFormInstance();
  const kind = Form.useWatch(['actions', name, 'kind'], { form, preserve: true }) as TaskActionKind | undefined;
  return (
    <Select
      size="small"
      value={kind}
      aria-label={t('actionForm.kindNumbered', { index: index + 1 })}
      className="sd-task-action__kind"
      popupMatchSelectWidth={false}
      onChange={(next: TaskActionKind) => form.setFieldValue(['actions', name], newAction(next))}
      options={taskActionKinds.map((value) => ({ value, label: taskText(`task.action.${value}`, locale) }))}
    />
  );
}

function ActionBody({ name, items, itemsLoading, devices, devicesLoading, fieldsOf, watchedFields }: ActionListEditorProps & { name: number }) {
  const { t } = useTranslation('tasks');
  const form = Form.useFormInstance();
  const action = Form.useWatch(['actions', name], { form, preserve: true }) as ActionValues | undefined;
  const kind = action?.kind;
  const itemOptions = items.map((i) => ({ value: i.id, label: i.name }));
  const itemFields = action?.itemId === undefined ? undefined : fieldsOf(action.itemId);
  const clearFields = () => {
    form.setFieldValue(['actions', name, 'values'], [{ source: 'value', value: null }]);
    form.setFieldValue(['actions', name, 'fieldName'], undefined);
  };
  const itemRule = { required: true, message: t('form.itemRequired') };

  switch (kind) {
    case 'writeRecord':
      return (
        <>
          <Form.Item name={[name, 'itemId']} label={t('actionForm.writeItem')} rules={[itemRule]}>
            <Select showSearch={{ optionFilterProp: 'label' }} loading={itemsLoading} placeholder={t('form.itemPlaceholder')} options={itemOptions} onChange={clearFields} />
          </Form.Item>
          <Form.List name={[name, 'values']}>
            {(rows, { add, remove }) => (
              <div className="sd-task-values">
                {rows.map((row, index) => (
                  <WriteValueRow
                    key={row.key}
                    actionIndex={name}
                    row={row.name}
                    index={index}
                    fields={valueFields(itemFields)}
                    fieldsLoading={action?.itemId !== undefined && itemFields === undefined}
                    watchedFields={watchedFields}
                    onRemove={rows.length > 1 ? () => remove(row.name) : undefined}
                  />
                ))}
                <Button size="small" type="dashed" icon={<PlusOutlined />} disabled={rows.length >= ruleLimits.writeValuesMax || !action?.itemId} onClick={() => add({ source: 'value', value: null })}>
                  {t('actionForm.addValue')}
                </Button>
              </div>
            )}
          </Form.List>
        </>
      );
    case 'deviceCommand':
      return (
        <Form.Item name={[name, 'deviceId']} label={t('actionForm.device')} extra={t('actionForm.deviceHint')} rules={[{ required: true, message: t('actionForm.deviceRequired') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={devicesLoading}
            placeholder={t('actionForm.devicePlaceholder')}
            notFoundContent={t('actionForm.noDevices')}
            options={devices.map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` }))}
          />
        </Form.Item>
      );
    case 'notify':
      return (
        <>
          <div className="sd-task-form__row">
            <Form.Item name={[name, 'userIds']} label={t('actionForm.users')} className="sd-task-form__grow">
              <UserPicker />
            </Form.Item>
            <Form.Item name={[name, 'groupIds']} label={t('actionForm.groups')} className="sd-task-form__grow">
              <GroupPicker />
            </Form.Item>
          </div>
          <Form.Item label={t('actionForm.channels')} required className="sd-task-form__channels">
            <Space size={16}>
              <Form.Item name={[name, 'sms']} valuePropName="checked" noStyle>
                <Checkbox>{t('words.sms')}</Checkbox>
              </Form.Item>
              <Form.Item name={[name, 'email']} valuePropName="checked" noStyle>
                <Checkbox>{t('words.email')}</Checkbox>
              </Form.Item>
            </Space>
          </Form.Item>
          <ChannelSelectField name={[name, 'channelIds']} />
          <Form.Item
            name={[name, 'message']}
            label={t('actionForm.message')}
            rules={[{ required: true, whitespace: true, message: t('actionForm.messageRequired') }]}
            extra={<ContentTemplatePicker onPick={(content) => form.setFieldValue(['actions', name, 'message'], content.slice(0, ruleLimits.messageLength))} />}
          >
            <Input.TextArea rows={2} maxLength={ruleLimits.messageLength} showCount placeholder={t('actionForm.messagePlaceholder')} />
          </Form.Item>
        </>
      );
    case 'raiseAlarm':
      return (
        <div className="sd-task-form__row">
          <Form.Item name={[name, 'itemId']} label={t('actionForm.alarmItem')} rules={[itemRule]} className="sd-task-form__grow">
            <Select showSearch={{ optionFilterProp: 'label' }} loading={itemsLoading} placeholder={t('form.itemPlaceholder')} options={itemOptions} onChange={clearFields} />
          </Form.Item>
          <Form.Item name={[name, 'fieldName']} label={t('actionForm.alarmField')} rules={[{ required: true, message: t('form.fieldRequired') }]} className="sd-task-form__grow">
            <Select disabled={!action?.itemId} loading={action?.itemId !== undefined && itemFields === undefined} placeholder={t('actionForm.anyFieldPlaceholder')} options={valueFields(itemFields).map(fieldOption)} />
          </Form.Item>
          <Form.Item name={[name, 'level']} label={t('actionForm.alarmLevel')}>
            <Radio.Group optionType="button" options={[1, 2, 3].map((level) => ({ value: level, label: t(`level.${level}`) }))} />
          </Form.Item>
        </div>
      );
    default:
      return <Typography.Text type="secondary">{t('actionForm.chooseKind')}</Typography.Text>;
  }
}

interface WriteValueRowProps {
  actionIndex: number;
  row: number;
  index: number;
  fields: DataField[];
  fieldsLoading: boolean;
  watchedFields?: readonly DataField[];
  onRemove?: () => void;
}

/** One value of a written record: the field, then a fixed value (typed as the field) or the watched field it copies. */
function WriteValueRow({ actionIndex, row, index, fields, fieldsLoading, watchedFields, onRemove }: WriteValueRowProps) {
  const { t } = useTranslation('tasks');
  const form = Form.useFormInstance();
  const path = ['actions', actionIndex, 'values', row];
  const fieldName = Form.useWatch([...path, 'fieldName'], { form, preserve: true }) as string | undefined;
  const source = (Form.useWatch([...path, 'source'], { form, preserve: true }) as 'value' | 'copy' | undefined) ?? 'value';
  const field = fields.find((f) => f.fieldName === fieldName);
  const numeric = isNumericField(field);
  const label = (text: string) => (index === 0 ? text : undefined);
  return (
    <div className="sd-task-values__row">
      <Form.Item name={[row, 'fieldName']} label={label(t('actionForm.field'))} rules={[{ required: true, message: t('form.fieldRequired') }]} className="sd-task-values__field">
        <Select
          aria-label={t('actionForm.fieldNumbered', { index: index + 1 })}
          loading={fieldsLoading}
          placeholder={t('actionForm.anyFieldPlaceholder')}
          options={fields.map(fieldOption)}
          onChange={() => form.setFieldValue([...path, 'value'], null)}
        />
      </Form.Item>
      {watchedFields && (
        <Form.Item name={[row, 'source']} label={label(t('actionForm.valueSource'))}>
          <Radio.Group
            optionType="button"
            aria-label={t('actionForm.valueSourceNumbered', { index: index + 1 })}
            options={[
              { value: 'value', label: t('actionForm.sourceValue') },
              { value: 'copy', label: t('actionForm.sourceCopy') },
            ]}
          />
        </Form.Item>
      )}
      {source === 'copy' && watchedFields ? (
        <Form.Item name={[row, 'copyFrom']} label={label(t('actionForm.copyFrom'))} rules={[{ required: true, message: t('form.fieldRequired') }]} className="sd-task-values__value">
          <Select aria-label={t('actionForm.copyFromNumbered', { index: index + 1 })} placeholder={t('actionForm.copyFromPlaceholder')} options={valueFields(watchedFields).map(fieldOption)} />
        </Form.Item>
      ) : (
        <Form.Item name={[row, 'value']} label={label(t('actionForm.value'))} rules={[{ required: true, message: t('actionForm.valueRequired') }]} className="sd-task-values__value">
          {numeric ? (
            <InputNumber aria-label={t('actionForm.valueNumbered', { index: index + 1 })} className="sd-task-values__number" placeholder={t('actionForm.numberPlaceholder')} />
          ) : (
            <Input aria-label={t('actionForm.valueNumbered', { index: index + 1 })} maxLength={ruleLimits.textValueLength} placeholder={t('actionForm.textPlaceholder')} />
          )}
        </Form.Item>
      )}
      <Button
        type="text"
        icon={<DeleteOutlined />}
        disabled={!onRemove}
        onClick={onRemove}
        aria-label={t('actionForm.removeValue', { index: index + 1 })}
        title={t('actionForm.removeValue', { index: index + 1 })}
        className={index === 0 ? 'sd-task-values__remove sd-task-values__remove--first' : 'sd-task-values__remove'}
      />
    </div>
  );
}
