import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Form, Input, InputNumber, Modal, Select, Space, Tag, Tooltip } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  DeleteOutlined,
  EyeOutlined,
  FieldNumberOutlined,
  FileTextOutlined,
  FontSizeOutlined,
  HolderOutlined,
  PlusOutlined,
  UploadOutlined,
  CheckCircleOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  dataItemLimits,
  FieldType,
  formDesign,
  formDesignProblems,
  formElementTypes,
  type DataField,
  type FormDesign,
  type FormElement,
  type FormElementType,
} from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { domainText } from '../../lib/domainText';
import { bindableFields, moveItem, newElement, type ElementValue } from '../../lib/formValues';
import { ElementInput, FormRenderer } from '../FormRenderer';

const elementIcons: Record<FormElementType, React.ReactNode> = {
  input: <FontSizeOutlined />,
  textarea: <FileTextOutlined />,
  number: <FieldNumberOutlined />,
  dateTime: <CalendarOutlined />,
  radio: <CheckCircleOutlined />,
  checkbox: <CheckSquareOutlined />,
  upload: <UploadOutlined />,
};

interface FormDesignerProps {
  fields: readonly DataField[];
  initialName: string;
  initialDesign: FormDesign;
  timeZone: string;
  saving: boolean;
  onSave: (name: string, design: FormDesign) => void;
  onCancel: () => void;
}

/** The problems of a design as texts: the schema's (formDesign) and the item's (formDesignProblems), the server's own checks. */
export function designProblems(name: string, design: FormDesign, fields: readonly DataField[], locale: ReturnType<typeof useLocale>): string[] {
  const texts: string[] = [];
  if (name.trim() === '') {
    texts.push(domainText('validation.nameRequired', locale));
  }
  const parsed = formDesign.safeParse(design);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const index = typeof issue.path[1] === 'number' ? issue.path[1] : null;
      const label = index !== null ? design.elements[index]?.label : null;
      texts.push(`${label ? `${label}：` : ''}${domainText(issue.message, locale)}`);
    }
  }
  texts.push(...formDesignProblems(design, fields).map((key) => domainText(key, locale)));
  return [...new Set(texts)];
}

function OptionsEditor({ element, onChange }: { element: FormElement; onChange: (options: FormElement['options']) => void }) {
  const { t } = useTranslation('data-items');
  return (
    <div className="sd-designer__options">
      {element.options.map((option, index) => (
        <Space.Compact key={index} block>
          <Input
            value={option.label}
            placeholder={t('designer.optionLabel')}
            aria-label={t('designer.optionLabelN', { n: index + 1 })}
            onChange={(event) => onChange(element.options.map((o, i) => (i === index ? { label: event.target.value, value: o.value === o.label || o.value === '' ? event.target.value.replaceAll(',', '') : o.value } : o)))}
          />
          <Input
            value={option.value}
            placeholder={t('designer.optionValue')}
            aria-label={t('designer.optionValueN', { n: index + 1 })}
            onChange={(event) => onChange(element.options.map((o, i) => (i === index ? { ...o, value: event.target.value } : o)))}
          />
          <Button icon={<DeleteOutlined />} onClick={() => onChange(element.options.filter((_, i) => i !== index))} aria-label={t('designer.removeOptionN', { n: index + 1 })} />
        </Space.Compact>
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={element.options.length >= dataItemLimits.formOptionsMax}
        onClick={() => {
          const label = t('designer.optionN', { n: element.options.length + 1 });
          onChange([...element.options, { label, value: label }]);
        }}
      >
        {t('designer.addOption')}
      </Button>
    </div>
  );
}

function ElementProperties({ element, fields, elements, onChange }: { element: FormElement; fields: readonly DataField[]; elements: readonly FormElement[]; onChange: (next: FormElement) => void }) {
  const { t } = useTranslation('data-items');
  const field = fields.find((f) => f.fieldName === element.field);
  const options = bindableFields(element.type, fields, elements, element.key);
  const set = (patch: Partial<FormElement>) => onChange({ ...element, ...patch });
  const hasRange = element.type === 'number' || element.type === 'input' || element.type === 'textarea' || element.type === 'checkbox';
  const rangeLabel = element.type === 'number' ? 'value' : element.type === 'checkbox' ? 'choices' : 'length';
  return (
    <Form layout="vertical" size="small" className="sd-designer__properties-form" component="div">
      <Form.Item label={t('designer.props.label')} required>
        <Input value={element.label} maxLength={dataItemLimits.nameLength} onChange={(event) => set({ label: event.target.value })} aria-label={t('designer.props.label')} />
      </Form.Item>
      <Form.Item label={t('designer.props.field')} required extra={options.length === 0 && !field ? t('designer.props.noField') : undefined}>
        <Select
          aria-label={t('designer.props.field')}
          value={element.field || undefined}
          placeholder={t('designer.props.fieldPlaceholder')}
          options={[...(field && !options.includes(field) ? [field] : []), ...options].map((f) => ({ value: f.fieldName, label: t('designer.props.fieldOption', { name: f.name, type: t(`fieldTypes.${f.type}`) }) }))}
          onChange={(value: string) => {
            const next = fields.find((f) => f.fieldName === value);
            set({ field: value, required: element.required || Boolean(next?.required), decimalPlaces: next?.type === FieldType.integer ? null : element.decimalPlaces });
          }}
        />
      </Form.Item>
      <Form.Item>
        <Tooltip title={field?.required ? t('designer.props.requiredByField') : undefined}>
          <Checkbox checked={element.required} disabled={field?.required} onChange={(event) => set({ required: event.target.checked })}>
            {t('designer.props.required')}
          </Checkbox>
        </Tooltip>
      </Form.Item>
      {element.type !== 'radio' && element.type !== 'checkbox' && element.type !== 'upload' && (
        <Form.Item label={t('designer.props.placeholder')}>
          <Input value={element.placeholder} maxLength={dataItemLimits.formPlaceholderLength} onChange={(event) => set({ placeholder: event.target.value })} aria-label={t('designer.props.placeholder')} />
        </Form.Item>
      )}
      {hasRange && (
        <Space.Compact block className="sd-designer__range">
          <Form.Item label={t(`designer.props.min.${rangeLabel}`)}>
            <InputNumber value={element.min ?? null} min={element.type === 'number' ? undefined : 0} onChange={(value) => set({ min: value ?? null })} aria-label={t(`designer.props.min.${rangeLabel}`)} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label={t(`designer.props.max.${rangeLabel}`)}>
            <InputNumber value={element.max ?? null} min={element.type === 'number' ? undefined : 0} onChange={(value) => set({ max: value ?? null })} aria-label={t(`designer.props.max.${rangeLabel}`)} style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>
      )}
      {element.type === 'number' && (
        <Form.Item label={t('designer.props.decimalPlaces')} extra={field?.type === FieldType.integer ? t('designer.props.integerField') : undefined}>
          <InputNumber
            value={element.decimalPlaces ?? null}
            min={0}
            max={dataItemLimits.decimalPlacesMax}
            precision={0}
            disabled={field?.type === FieldType.integer}
            placeholder={t('designer.props.anyDecimals')}
            onChange={(value) => set({ decimalPlaces: value ?? null })}
            aria-label={t('designer.props.decimalPlaces')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      )}
      {element.type === 'upload' && (
        <Form.Item label={t('designer.props.maxCount')}>
          <InputNumber
            value={element.maxCount ?? 1}
            min={1}
            max={dataItemLimits.attachmentsMax}
            precision={0}
            onChange={(value) => set({ maxCount: value ?? 1 })}
            aria-label={t('designer.props.maxCount')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      )}
      {(element.type === 'radio' || element.type === 'checkbox') && (
        <Form.Item label={t('designer.props.options')} required>
          <OptionsEditor element={element} onChange={(next) => set({ options: next })} />
        </Form.Item>
      )}
    </Form>
  );
}

/**
 * The form designer: a palette of the elements of spec §3, a canvas showing each element as it
 * will look (select, reorder by drag or arrows, remove), the selected element's properties —
 * required, bound field, placeholder, min and max, decimal places, maximum upload count, options —
 * and a live preview that checks as designed. Saving shows the server's rules first.
 */
export function FormDesigner({ fields, initialName, initialDesign, timeZone, saving, onSave, onCancel }: FormDesignerProps) {
  const { t } = useTranslation('data-items');
  const locale = useLocale();
  const [name, setName] = useState(initialName);
  const [elements, setElements] = useState<FormElement[]>(initialDesign.elements);
  const [selectedKey, setSelectedKey] = useState<string | null>(initialDesign.elements[0]?.key ?? null);
  const [problems, setProblems] = useState<string[]>([]);
  const [previewing, setPreviewing] = useState(false);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [previewForm] = Form.useForm<Record<string, ElementValue>>();
  const selected = elements.find((e) => e.key === selectedKey) ?? null;
  const design: FormDesign = { elements };

  const addElement = (type: FormElementType) => {
    const element = newElement(type, t(`elements.${type}`), fields, elements);
    setElements([...elements, element]);
    setSelectedKey(element.key);
    setProblems([]);
  };
  const change = (next: FormElement) => {
    setElements(elements.map((e) => (e.key === next.key ? next : e)));
    setProblems([]);
  };
  const move = (from: number, to: number) => setElements(moveItem(elements, from, to));

  const handleSave = () => {
    const found = designProblems(name, design, fields, locale);
    setProblems(found);
    if (found.length === 0) {
      onSave(name.trim(), { elements: elements.map((e) => ({ ...e, label: e.label.trim(), placeholder: e.placeholder.trim() })) });
    }
  };

  return (
    <div className="sd-designer">
      <div className="sd-designer__bar">
        <Input
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={dataItemLimits.nameLength}
          placeholder={t('designer.namePlaceholder')}
          aria-label={t('designer.name')}
          prefix={<span className="sd-muted">{t('designer.name')}</span>}
          className="sd-designer__name"
        />
        <Space>
          <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)} disabled={elements.length === 0}>
            {t('designer.preview')}
          </Button>
          <Button onClick={onCancel}>{t('actions.cancel')}</Button>
          <Button type="primary" onClick={handleSave} loading={saving}>
            {t('designer.save')}
          </Button>
        </Space>
      </div>
      {problems.length > 0 && (
        <Alert type="error" showIcon className="sd-settings__problems" title={t('designer.problems')} description={<ul>{problems.map((p) => <li key={p}>{p}</li>)}</ul>} />
      )}
      <div className="sd-designer__body">
        <Card size="small" title={t('designer.palette')} className="sd-designer__palette">
          <div className="sd-designer__palette-list" role="list" aria-label={t('designer.palette')}>
            {formElementTypes.map((type) => (
              <Button
                key={type}
                block
                icon={elementIcons[type]}
                draggable
                onDragStart={(event) => event.dataTransfer.setData('text/sd-element', type)}
                onClick={() => addElement(type)}
                disabled={elements.length >= dataItemLimits.formElementsMax}
                aria-label={t('designer.addElement', { type: t(`elements.${type}`) })}
                className="sd-designer__palette-item"
              >
                {t(`elements.${type}`)}
              </Button>
            ))}
          </div>
          <p className="sd-designer__tip sd-muted">{t('designer.paletteTip')}</p>
        </Card>
        <Card
          size="small"
          title={t('designer.canvas')}
          extra={<span className="sd-muted">{t('designer.count', { count: elements.length })}</span>}
          className="sd-designer__canvas"
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            const type = event.dataTransfer.getData('text/sd-element');
            if ((formElementTypes as readonly string[]).includes(type)) {
              event.preventDefault();
              addElement(type as FormElementType);
            }
          }}
        >
          {elements.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designer.empty')} />
          ) : (
            <ol className="sd-designer__elements" aria-label={t('designer.canvas')}>
              {elements.map((element, index) => {
                const field = fields.find((f) => f.fieldName === element.field);
                return (
                  <li
                    key={element.key}
                    className={`sd-designer__element${element.key === selectedKey ? ' sd-designer__element--selected' : ''}`}
                    draggable
                    onDragStart={() => setDragFrom(index)}
                    onDragOver={(event) => event.preventDefault()}
                    onDrop={(event) => {
                      if (dragFrom !== null) {
                        event.preventDefault();
                        event.stopPropagation();
                        move(dragFrom, index);
                        setDragFrom(null);
                      }
                    }}
                    onClick={() => setSelectedKey(element.key)}
                    aria-label={t('designer.elementN', { n: index + 1, label: element.label })}
                  >
                    <div className="sd-designer__element-head">
                      <HolderOutlined className="sd-fields-editor__handle" aria-hidden />
                      <span className="sd-designer__element-label">
                        {element.required && <span className="sd-designer__required">*</span>}
                        {element.label}
                      </span>
                      <Tag>{t(`elements.${element.type}`)}</Tag>
                      {field ? <span className="sd-muted sd-mono">{field.fieldName}</span> : <Tag color="warning">{t('designer.unbound')}</Tag>}
                      <span className="sd-page__toolbar-spacer" />
                      <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={(event) => { event.stopPropagation(); move(index, index - 1); }} aria-label={t('designer.moveUp', { label: element.label })} />
                      <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === elements.length - 1} onClick={(event) => { event.stopPropagation(); move(index, index + 1); }} aria-label={t('designer.moveDown', { label: element.label })} />
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={(event) => {
                          event.stopPropagation();
                          setElements(elements.filter((e) => e.key !== element.key));
                          setSelectedKey(null);
                        }}
                        aria-label={t('designer.remove', { label: element.label })}
                      />
                    </div>
                    <div className="sd-designer__element-body" inert>
                      <ElementInput element={element} field={field} />
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </Card>
        <Card size="small" title={t('designer.properties')} className="sd-designer__properties">
          {selected ? (
            <ElementProperties key={selected.key} element={selected} fields={fields} elements={elements} onChange={change} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designer.selectHint')} />
          )}
        </Card>
      </div>
      <Modal open={previewing} title={t('designer.previewTitle', { name: name || t('designer.untitled') })} footer={null} onCancel={() => setPreviewing(false)} destroyOnHidden width={640}>
        <Alert type="info" showIcon title={t('designer.previewHint')} className="sd-designer__preview-hint" />
        <FormRenderer design={design} fields={fields} timeZone={timeZone} form={previewForm} submitText={t('designer.previewCheck')} onSubmit={() => setPreviewing(false)} />
      </Modal>
    </div>
  );
}
