import { useState } from 'react';
import { Button, DatePicker, Form, Input, Popover, Segmented, Select, Tag } from 'antd';
import { FilterOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FieldType, formatInstant, timeRangePresets, type DataField, type TimeRangePreset } from '@smartdata/domain';
import { buildRecordFilter, opsForType, opTakesValue, type FilterDraft } from '../lib/recordFilters';
import { companyToday, selectionBounds, type TimeSelection } from '@/shared/utils/timeRange';

export type FilterField = Pick<DataField, 'fieldName' | 'name' | 'type'>;

interface FilterBarProps {
  fields: readonly FilterField[];
  drafts: readonly FilterDraft[];
  onDraftsChange: (drafts: FilterDraft[]) => void;
  time: TimeSelection;
  onTimeChange: (time: TimeSelection) => void;
  timeZone: string;
}

type TimeChoice = 'all' | TimeRangePreset | 'custom';

function AddFilterForm({ fields, timeZone, onAdd }: { fields: readonly FilterField[]; timeZone: string; onAdd: (draft: FilterDraft) => void }) {
  const { t } = useTranslation('data-items');
  const [form] = Form.useForm<FilterDraft>();
  const fieldName = Form.useWatch('field', form);
  const op = Form.useWatch('op', form);
  const field = fields.find((f) => f.fieldName === fieldName);
  const ops = field ? opsForType(field.type) : [];

  return (
    <Form<FilterDraft>
      form={form}
      layout="vertical"
      className="sd-filter-form"
      initialValues={{ field: fields[0]?.fieldName, op: fields[0] ? opsForType(fields[0].type)[0] : 'eq', value: '' }}
      onFinish={(values) => onAdd({ field: values.field, op: values.op, value: opTakesValue(values.op) ? (values.value ?? '') : '' })}
    >
      <Form.Item name="field" label={t('filters.field')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={fields.map((f) => ({ value: f.fieldName, label: f.name }))}
          onChange={(value: string) => {
            const next = fields.find((f) => f.fieldName === value);
            form.setFieldsValue({ op: next ? opsForType(next.type)[0] : 'eq', value: '' });
          }}
        />
      </Form.Item>
      <Form.Item name="op" label={t('filters.op')}>
        <Select options={ops.map((value) => ({ value, label: t(`ops.${value}`) }))} />
      </Form.Item>
      {op && opTakesValue(op) && (
        <Form.Item
          name="value"
          label={t('filters.value')}
          extra={field?.type === FieldType.dateTime ? t('filters.dateHint') : op === 'in' ? t('filters.inHint') : undefined}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (!field) {
                  return;
                }
                const check = buildRecordFilter({ field: field.fieldName, op, value: value ?? '' }, fields, timeZone);
                if (!check.ok) {
                  throw new Error(t(`filters.problems.${check.problem}`));
                }
              },
            },
          ]}
        >
          <Input autoFocus allowClear />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block>
        {t('filters.apply')}
      </Button>
    </Form>
  );
}

/**
 * Filters of the records table: a time range (the presets of spec §9 or custom days, in the
 * company's time zone) and conditions on fields, each checked against the field's type before it
 * is sent.
 */
export function FilterBar({ fields, drafts, onDraftsChange, time, onTimeChange, timeZone }: FilterBarProps) {
  const { t } = useTranslation('data-items');
  const [adding, setAdding] = useState(false);
  const choice: TimeChoice = time === null ? 'all' : time.kind === 'preset' ? time.preset : 'custom';
  const bounds = selectionBounds(time, Date.now(), timeZone);
  const nameOf = (fieldName: string) => fields.find((f) => f.fieldName === fieldName)?.name ?? fieldName;

  return (
    <div className="sd-filter-bar">
      <div className="sd-filter-bar__row">
        <Segmented<TimeChoice>
          aria-label={t('filters.timeRange')}
          value={choice}
          options={[
            { value: 'all', label: t('timePresets.all') },
            ...timeRangePresets.map((preset) => ({ value: preset, label: t(`timePresets.${preset}`) })),
            { value: 'custom', label: t('timePresets.custom') },
          ]}
          onChange={(value) => {
            if (value === 'all') {
              onTimeChange(null);
            } else if (value === 'custom') {
              const today = companyToday(timeZone).format('YYYY-MM-DD');
              onTimeChange({ kind: 'custom', from: today, to: today });
            } else {
              onTimeChange({ kind: 'preset', preset: value });
            }
          }}
        />
        {time?.kind === 'custom' && (
          <DatePicker.RangePicker
            aria-label={t('timePresets.custom')}
            allowClear={false}
            value={[dayjs(time.from), dayjs(time.to)]}
            onChange={(range) => {
              if (range?.[0] && range[1]) {
                onTimeChange({ kind: 'custom', from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') });
              }
            }}
          />
        )}
        {bounds && (
          <span className="sd-muted sd-filter-bar__bounds">
            {t('filters.bounds', { from: formatInstant(bounds.from, 'datetime', timeZone), to: formatInstant(bounds.to - 1000, 'datetime', timeZone) })}
          </span>
        )}
      </div>
      <div className="sd-filter-bar__row">
        <FilterOutlined className="sd-muted" aria-hidden />
        {drafts.length === 0 && <span className="sd-muted">{t('filters.none')}</span>}
        {drafts.map((draft, index) => (
          <Tag
            key={`${draft.field}-${index}`}
            closable
            className="sd-filter-bar__chip"
            closeIcon={<span aria-label={t('filters.remove')}>×</span>}
            onClose={(event) => {
              event.preventDefault();
              onDraftsChange(drafts.filter((_, i) => i !== index));
            }}
          >
            {nameOf(draft.field)} {t(`ops.${draft.op}`)} {opTakesValue(draft.op) ? draft.value : ''}
          </Tag>
        ))}
        <Popover
          open={adding}
          onOpenChange={setAdding}
          trigger="click"
          placement="bottomLeft"
          title={t('filters.add')}
          destroyOnHidden
          content={
            <AddFilterForm
              fields={fields}
              timeZone={timeZone}
              onAdd={(draft) => {
                onDraftsChange([...drafts, draft]);
                setAdding(false);
              }}
            />
          }
        >
          <Button size="small" type="dashed" icon={<PlusOutlined />}>
            {t('filters.add')}
          </Button>
        </Popover>
        {drafts.length > 0 && (
          <Button size="small" type="link" onClick={() => onDraftsChange([])}>
            {t('filters.clear')}
          </Button>
        )}
      </div>
    </div>
  );
}
