import { Button, Form, Input, InputNumber, Radio, Select, Space, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { boardNameSchema, dashboardLimits, levelAtLeast, templateCodes, validationMessage, type BoardType, type CabinTreeNode, type TemplateCode } from '@smartdata/domain';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useTreeQuery } from '@/modules/cabin/api/getTree';
import { useLocale } from '@/shared/i18n/useLocale';
import { useTemplatesQuery } from '../api/boards';
import { dashboardText, schemaRule } from '../lib/texts';

export interface CreateBoardValues {
  name: string;
  parentId: number | null;
  boardType: BoardType;
  templateCode: TemplateCode;
  width: number;
  height: number;
  refreshMinutes: number;
}

/** Name, kind (grid or big screen), template and refresh interval of a new board. */
export function CreateBoardForm({ templateCode, saving, onSubmit, onCancel }: { templateCode: TemplateCode; saving: boolean; onSubmit: (values: CreateBoardValues) => void; onCancel?: () => void }) {
  const { t } = useTranslation('dashboards');
  const locale = useLocale();
  const templates = useTemplatesQuery(locale);
  const [form] = Form.useForm<CreateBoardValues>();
  const boardType = Form.useWatch('boardType', form);
  // The directory the board's node goes in: directories where the user may write (the cabin needs sd_capsule).
  const canBrowse = useMenuCodes().has('sd_capsule');
  const tree = useTreeQuery({ enabled: canBrowse });
  interface DirectoryOption {
    value: number;
    title: string;
    disabled: boolean;
    children: DirectoryOption[];
  }
  const directories = (nodes: CabinTreeNode[]): DirectoryOption[] =>
    nodes
      .filter((n) => n.kind === 'directory')
      .map((n) => ({ value: n.id, title: n.name, disabled: !levelAtLeast(n.level, 'readWrite'), children: directories(n.children) }));
  return (
    <Form<CreateBoardValues>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={{ parentId: null, boardType: 'grid', templateCode, width: dashboardLimits.canvasWidthDefault, height: dashboardLimits.canvasHeightDefault, refreshMinutes: 5 }}
      onFinish={(values) => onSubmit({ ...values, parentId: values.parentId ?? null, name: values.name.trim() })}
    >
      <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' }, schemaRule(boardNameSchema, locale)]}>
        <Input autoFocus maxLength={dashboardLimits.nameLength} showCount placeholder={t('fields.namePlaceholder')} />
      </Form.Item>
      {canBrowse && (
        <Form.Item name="parentId" label={t('fields.directory')} extra={t('fields.directoryHint')}>
          <TreeSelect allowClear treeDefaultExpandAll loading={tree.isPending} placeholder={t('fields.directoryTop')} treeData={directories(tree.data ?? [])} style={{ maxWidth: 360 }} />
        </Form.Item>
      )}
      <Form.Item name="templateCode" label={t('fields.template')}>
        <Radio.Group className="sd-template-choice">
          {(templates.data ?? templateCodes.map((code) => ({ code, name: t(`templates.${code}`), description: '', widgetKinds: [] }))).map((template) => (
            <Radio.Button key={template.code} value={template.code} className="sd-template-choice__item">
              <strong>{template.name}</strong>
              <span className="sd-template-choice__description">{template.description || '\u00a0'}</span>
              <span className="sd-template-choice__count">{t('template.widgets', { count: template.widgetKinds.length })}</span>
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="boardType" label={t('fields.boardType')} extra={boardType === 'bigScreen' ? t('fields.bigScreenHint') : t('fields.gridHint')}>
        <Radio.Group optionType="button" options={[{ value: 'grid', label: t('boardType.grid') }, { value: 'bigScreen', label: t('boardType.bigScreen') }]} />
      </Form.Item>
      {boardType === 'bigScreen' && (
        <Space size="middle">
          <Form.Item name="width" label={t('fields.width')} rules={[{ required: true, type: 'number', min: dashboardLimits.canvasWidthMin, max: dashboardLimits.canvasWidthMax, message: dashboardText('validation.dashboard.canvasSize', locale) }]}>
            <InputNumber min={dashboardLimits.canvasWidthMin} max={dashboardLimits.canvasWidthMax} addonAfter="px" />
          </Form.Item>
          <Form.Item name="height" label={t('fields.height')} rules={[{ required: true, type: 'number', min: dashboardLimits.canvasHeightMin, max: dashboardLimits.canvasHeightMax, message: dashboardText('validation.dashboard.canvasSize', locale) }]}>
            <InputNumber min={dashboardLimits.canvasHeightMin} max={dashboardLimits.canvasHeightMax} addonAfter="px" />
          </Form.Item>
        </Space>
      )}
      <Form.Item name="refreshMinutes" label={t('fields.refreshMinutes')}>
        <Select style={{ width: 200 }} options={dashboardLimits.refreshMinutes.map((m) => ({ value: m, label: t('refresh.minutes', { count: m }) }))} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('actions.create')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('actions.cancel')}</Button>}
      </Space>
    </Form>
  );
}
