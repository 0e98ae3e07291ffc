import { useEffect } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { boardNameSchema, dashboardLimits, isTemplateCode, validationMessage } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { useAddBoardMutation, useBoardQuery, useRenameBoardMutation, useSaveBoardMutation } from '../api/boards';
import { CreateBoardForm, type CreateBoardValues } from '../components/CreateBoardForm';
import { dashboardPaths } from '../lib/paths';
import { dashboardText, schemaRule } from '../lib/texts';
import { BoardLoadState } from '../components/BoardLoadState';
import '../dashboards.css';

interface SettingsValues {
  name: string;
  refreshMinutes: number;
  width: number;
  height: number;
}

/**
 * /smartdata/boardconfig/:boardId/:templateCode — `new` creates a board from the template; an
 * existing board's settings (name, refresh interval, canvas size) otherwise.
 */
export function BoardConfigPage() {
  const { t } = useTranslation(['dashboards', 'texts']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const locale = useLocale();
  const params = useParams();
  const isNew = params.boardId === 'new';
  const boardId = Number(params.boardId);
  const templateCode = isTemplateCode(params.templateCode ?? '') ? (params.templateCode as 'blank') : 'blank';
  const board = useBoardQuery(boardId, !isNew);
  const addBoard = useAddBoardMutation();
  const rename = useRenameBoardMutation();
  const save = useSaveBoardMutation();
  const [form] = Form.useForm<SettingsValues>();

  useEffect(() => {
    if (board.data) {
      form.setFieldsValue({ name: board.data.name, refreshMinutes: board.data.refreshMinutes, width: board.data.width, height: board.data.height });
    }
  }, [board.data, form]);

  const handleCreate = async (values: CreateBoardValues) => {
    try {
      const created = await addBoard.mutateAsync(values);
      void message.success(t('texts:operationSuccess'));
      void navigate(dashboardPaths.edit({ id: created.id, nodeId: created.nodeId, name: values.name, boardType: values.boardType }));
    } catch {
      // Shown by the API client.
    }
  };

  const handleSave = async (values: SettingsValues) => {
    if (!board.data) {
      return;
    }
    try {
      if (values.name.trim() !== board.data.name) {
        await rename.mutateAsync({ id: boardId, name: values.name.trim() });
      }
      const widgets = board.data.widgets.map(({ access: _a, item: _i, ...widget }) => widget);
      await save.mutateAsync({ id: boardId, boardType: board.data.boardType, refreshMinutes: values.refreshMinutes, width: values.width, height: values.height, widgets });
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client.
    }
  };

  if (isNew) {
    return (
      <div className="sd-page">
        <PageHeader title={t('create.title')} description={t('create.description')} />
        <Card>
          <CreateBoardForm templateCode={templateCode} saving={addBoard.isPending} onSubmit={(values) => void handleCreate(values)} onCancel={() => void navigate(dashboardPaths.list)} />
        </Card>
      </div>
    );
  }
  if (board.isPending || board.isError) {
    return <BoardLoadState query={board} />;
  }
  const bigScreen = board.data.boardType === 'bigScreen';
  return (
    <div className="sd-page">
      <PageHeader title={t('config.title', { name: board.data.name })} description={t(`boardType.${board.data.boardType}`)} />
      <Card>
        <Form<SettingsValues> form={form} layout="vertical" requiredMark onFinish={(values) => void handleSave(values)} style={{ maxWidth: 520 }}>
          <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: validationMessage('validation.nameRequired', locale) ?? '' }, schemaRule(boardNameSchema, locale)]}>
            <Input maxLength={dashboardLimits.nameLength} showCount />
          </Form.Item>
          <Form.Item name="refreshMinutes" label={t('fields.refreshMinutes')}>
            <Select options={dashboardLimits.refreshMinutes.map((m) => ({ value: m, label: t('refresh.minutes', { count: m }) }))} />
          </Form.Item>
          <Space size="middle" style={{ display: bigScreen ? 'flex' : 'none' }}>
            <Form.Item name="width" label={t('fields.width')} rules={[{ type: 'number', min: dashboardLimits.canvasWidthMin, max: dashboardLimits.canvasWidthMax, message: dashboardText('validation.dashboard.canvasSize', locale) }]}>
              <InputNumber addonAfter="px" />
            </Form.Item>
            <Form.Item name="height" label={t('fields.height')} rules={[{ type: 'number', min: dashboardLimits.canvasHeightMin, max: dashboardLimits.canvasHeightMax, message: dashboardText('validation.dashboard.canvasSize', locale) }]}>
              <InputNumber addonAfter="px" />
            </Form.Item>
          </Space>
          <Space>
            <Button type="primary" htmlType="submit" loading={rename.isPending || save.isPending}>
              {t('actions.save')}
            </Button>
            <Button onClick={() => void navigate(dashboardPaths.edit(board.data))}>{t('actions.edit')}</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
