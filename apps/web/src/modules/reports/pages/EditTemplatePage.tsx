import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { InputRef } from 'antd';
import { App, Button, Card, ColorPicker, Empty, Form, Input, InputNumber, Radio, Result, Segmented, Select, Skeleton, Space, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, BoldOutlined, ClearOutlined, MergeCellsOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  cellPosition,
  cellRefValid,
  isMeterBinding,
  numericFieldTypes,
  reportAggregates,
  reportLimits,
  updateTemplateRequest,
  validationMessage,
  type ReportAggregate,
  type TemplateCell,
  type TemplateMerge,
} from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { useDataItemListQuery } from '@/modules/data-items/api/getDataItemList';
import { useDataItemQuery } from '@/modules/data-items/api/getDataItem';
import { useMeterListQuery } from '@/modules/meters/api/meters';
import { useTemplateQuery, useUpdateTemplateMutation } from '../api/reports';
import { SheetGrid } from '../components/SheetGrid';
import { useSheetNames } from '../components/useSheetNames';
import { cellSource, DEFAULT_WIDTH, gridSize, isEmptyCell, mergeMap, moveRef, withInput } from '../lib/sheet';
import { reportTemplatePath as templatePath } from '@/shared/routing/cabinNodePaths';
import '../reports.css';

const formats = ['', '0', '0.00', '#,##0', '#,##0.00', '0.0%', '0.00" kWh"'];

/**
 * /smartdata/editTemplate/{entityId}/{name}: the spreadsheet-like editor. A grid with column
 * letters and row numbers; the selected cell's text or formula in the formula bar; its binding,
 * number format, bold, colours, alignment, column width and merge in the side panel. Arrows move,
 * Enter edits, Delete clears. Saved whole (updateTemplate), checked with the domain schema first.
 */
export function EditTemplatePage() {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.entityId);
  const template = useTemplateQuery(id);
  const save = useUpdateTemplateMutation();
  const [cells, setCells] = useState<Map<string, TemplateCell>>(new Map());
  const [merges, setMerges] = useState<TemplateMerge[]>([]);
  const [widths, setWidths] = useState<number[]>([]);
  const [selected, setSelected] = useState('A1');
  const [input, setInput] = useState('');
  const [dirty, setDirty] = useState(false);
  const [mergeTo, setMergeTo] = useState('');
  const gridRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<InputRef>(null);
  const items = useDataItemListQuery();
  const meters = useMeterListQuery({ pageNum: 1, pageSize: 200 });

  useEffect(() => {
    if (template.data) {
      setCells(new Map(template.data.cells.map((c) => [c.ref, c])));
      setMerges(template.data.merges);
      setWidths(template.data.columnWidths);
      setDirty(false);
      const current = template.data.cells.find((c) => c.ref === selected);
      setInput(current?.bind ? '' : current?.formula ? `=${current.formula}` : (current?.text ?? ''));
    }
    // Only when the template (re)loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [template.data]);

  const cellList = useMemo(() => [...cells.values()], [cells]);
  const names = useSheetNames(cellList);
  const cell = cells.get(selected) ?? { ref: selected };
  const size = gridSize(cellList, merges, widths);
  const { topLeft, covered } = mergeMap(merges);

  useEffect(() => {
    const current = cells.get(selected);
    setInput(current?.bind ? '' : current?.formula ? `=${current.formula}` : (current?.text ?? ''));
    // Only when the selection moves: typing keeps its own state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected]);

  const update = (next: TemplateCell) => {
    setCells((current) => {
      const copy = new Map(current);
      if (isEmptyCell(next)) {
        copy.delete(next.ref);
      } else {
        copy.set(next.ref, next);
      }
      return copy;
    });
    setDirty(true);
  };
  const patch = (changes: Partial<TemplateCell>) => {
    const next: TemplateCell = { ...cell, ...changes };
    for (const key of Object.keys(changes) as (keyof TemplateCell)[]) {
      if (changes[key] === undefined || changes[key] === '' || changes[key] === false) {
        delete next[key];
      }
    }
    update(next);
  };

  const commitInput = () => {
    if (cell.bind && input === '') {
      return;
    }
    const next = withInput(cell, input);
    const current = cells.get(selected);
    if ((current?.text ?? '') === (next.text ?? '') && (current?.formula ?? '') === (next.formula ?? '') && !current?.bind) {
      return; // unchanged: nothing to save
    }
    update(next);
  };

  const clearCell = () => {
    update({ ref: selected });
    setInput('');
  };

  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      let next = moveRef(selected, move[0], move[1], size);
      // Skip over a merge's covered cells to its top-left.
      for (const [from, box] of topLeft) {
        const p = cellPosition(next);
        if (covered.has(next) && p.row >= box.row && p.row < box.row + box.rows && p.col >= box.col && p.col < box.col + box.cols) {
          next = from;
        }
      }
      setSelected(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      inputRef.current?.focus();
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      clearCell();
    }
  };

  const doMerge = () => {
    const to = mergeTo.trim().toUpperCase();
    if (!cellRefValid(to)) {
      void message.error(t('editor.badMerge'));
      return;
    }
    const a = cellPosition(selected);
    const b = cellPosition(to);
    if (b.row < a.row || b.col < a.col || (a.row === b.row && a.col === b.col)) {
      void message.error(t('editor.badMerge'));
      return;
    }
    setMerges((current) => [...current.filter((m) => m.from !== selected), { from: selected, to }]);
    setMergeTo('');
    setDirty(true);
  };
  const mergeHere = merges.find((m) => m.from === selected);

  const onSave = async () => {
    const request = { id, cells: [...cells.values()], merges, columnWidths: widths.map((w) => w || DEFAULT_WIDTH) };
    const parsed = updateTemplateRequest.safeParse(request);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const at = issue?.path[0] === 'cells' && typeof issue.path[1] === 'number' ? `${request.cells[issue.path[1]]?.ref ?? ''}: ` : '';
      void message.error(`${at}${validationMessage(issue?.message ?? '', locale) ?? issue?.message ?? ''}`);
      return;
    }
    try {
      await save.mutateAsync(request);
      setDirty(false);
      void message.success(t('editor.saved'));
    } catch {
      // Shown by the API client.
    }
  };

  const back = () => {
    const go = () => void navigate(templatePath(id, template.data?.name ?? params.name ?? ''));
    if (!dirty) {
      go();
      return;
    }
    void modal.confirm({ title: t('editor.leaveConfirm'), onOk: go, autoFocusButton: 'cancel' });
  };

  if (template.isLoading) {
    return (
      <div className="sd-page">
        <Skeleton active />
      </div>
    );
  }
  if (!template.data) {
    return <Result status="404" title={t('page.notFound')} />;
  }

  const column = cellPosition(selected).col;
  const contentKind = cell.bind ? (isMeterBinding(cell.bind) ? 'meter' : 'field') : 'text';
  const numericRef = (ref: string) => !!cells.get(ref)?.bind;

  return (
    <div className="sd-page">
      <PageHeader
        title={`${t('editor.title')} · ${template.data.name}`}
        description={t('editor.keyboard')}
        actions={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={back}>
              {t('editor.back')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={() => void onSave()} disabled={!dirty}>
              {t('editor.save')}
            </Button>
          </Space>
        }
      />
      <div className="sd-report-editor">
        <Card size="small">
          <div className="sd-report-editor__bar">
            <span className="sd-report-editor__ref" aria-live="polite">
              {selected}
            </span>
            <Input
              ref={inputRef}
              className="sd-report-editor__formula"
              aria-label={t('editor.formula')}
              placeholder={cell.bind ? cellSource(cell, names) : t('editor.formulaHint')}
              value={input}
              maxLength={reportLimits.textLength}
              onChange={(e) => setInput(e.target.value)}
              onBlur={commitInput}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  commitInput();
                  setSelected(moveRef(selected, 1, 0, size));
                  gridRef.current?.focus();
                } else if (e.key === 'Escape') {
                  gridRef.current?.focus();
                }
              }}
            />
          </div>
          <SheetGrid
              containerRef={gridRef}
              rows={size.rows}
              columns={size.columns}
              widths={widths}
              merges={merges}
              styles={cells}
              textOf={(ref) => cellSource(cells.get(ref), names)}
              numericOf={numericRef}
              selected={selected}
              onSelect={(ref) => {
                commitInput();
                setSelected(ref);
              }}
              onKeyDown={onGridKey}
              ariaLabel={t('editor.grid')}
            />
        </Card>
        <Card size="small" title={t('editor.cell', { ref: selected })}>
          <Form layout="vertical" size="small">
            <Form.Item label={t('editor.content')}>
              <Radio.Group
                value={contentKind}
                onChange={(e) => {
                  const kind = e.target.value as string;
                  if (kind === 'text') {
                    patch({ bind: undefined });
                  } else if (kind === 'field') {
                    const first = items.data?.list[0];
                    update({ ...withInput(cell, ''), bind: { itemId: first?.id ?? 0, fieldName: '', aggregate: 'sum' } });
                    setInput('');
                  } else {
                    const first = meters.data?.list[0];
                    update({ ...withInput(cell, ''), bind: { meterId: first?.id ?? 0 } });
                    setInput('');
                  }
                }}
                optionType="button"
                options={[
                  { value: 'text', label: t('editor.contentText') },
                  { value: 'field', label: t('editor.contentBind') },
                  { value: 'meter', label: t('editor.contentMeter') },
                ]}
              />
            </Form.Item>
            {cell.bind && !isMeterBinding(cell.bind) && <FieldBinding cell={cell} items={items.data?.list ?? []} loading={items.isLoading} onChange={(bind) => patch({ bind })} />}
            {cell.bind && isMeterBinding(cell.bind) && (
              <Form.Item label={t('editor.meter')}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('editor.meterPlaceholder')}
                  loading={meters.isLoading}
                  value={cell.bind.meterId || undefined}
                  options={(meters.data?.list ?? []).map((m) => ({ value: m.id, label: m.name }))}
                  onChange={(meterId: number) => patch({ bind: { meterId } })}
                  notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
                />
              </Form.Item>
            )}
            <Form.Item label={t('editor.format')}>
              <Select
                value={formats.includes(cell.format ?? '') ? (cell.format ?? '') : 'custom'}
                options={[...formats.map((f) => ({ value: f, label: f === '' ? t('editor.formatGeneral') : f })), { value: 'custom', label: t('editor.formatCustom') }]}
                onChange={(value: string) => patch({ format: value === 'custom' ? (cell.format ?? '0.000') : value })}
              />
              {!formats.includes(cell.format ?? '') && (
                <Input style={{ marginTop: 8 }} aria-label={t('editor.formatCustom')} value={cell.format} maxLength={reportLimits.formatLength} onChange={(e) => patch({ format: e.target.value })} />
              )}
            </Form.Item>
            <Space wrap style={{ marginBottom: 16, display: 'flex' }}>
              <Tooltip title={t('editor.bold')}>
                <Button aria-label={t('editor.bold')} aria-pressed={!!cell.bold} type={cell.bold ? 'primary' : 'default'} icon={<BoldOutlined />} onClick={() => patch({ bold: !cell.bold })} />
              </Tooltip>
              <Segmented
                aria-label={t('editor.align')}
                value={cell.align ?? 'auto'}
                onChange={(value) => patch({ align: value === 'auto' ? undefined : (value as TemplateCell['align']) })}
                options={[
                  { value: 'left', label: t('editor.alignLeft') },
                  { value: 'center', label: t('editor.alignCenter') },
                  { value: 'right', label: t('editor.alignRight') },
                ]}
              />
            </Space>
            <Space wrap style={{ marginBottom: 16, display: 'flex' }}>
              <span>{t('editor.color')}</span>
              <ColorPicker allowClear value={cell.color ?? null} onChangeComplete={(c) => patch({ color: c.toHexString().slice(0, 7).toUpperCase() })} onClear={() => patch({ color: undefined })} />
              <span>{t('editor.fill')}</span>
              <ColorPicker allowClear value={cell.fill ?? null} onChangeComplete={(c) => patch({ fill: c.toHexString().slice(0, 7).toUpperCase() })} onClear={() => patch({ fill: undefined })} />
            </Space>
            <Form.Item label={t('editor.width', { column: String.fromCharCode(65 + column) })}>
              <InputNumber
                min={reportLimits.widthMin}
                max={reportLimits.widthMax}
                value={widths[column] ?? DEFAULT_WIDTH}
                onChange={(value) => {
                  const next = Array.from({ length: Math.max(widths.length, column + 1) }, (_, i) => widths[i] ?? DEFAULT_WIDTH);
                  next[column] = typeof value === 'number' ? value : DEFAULT_WIDTH;
                  setWidths(next);
                  setDirty(true);
                }}
              />
            </Form.Item>
            <Form.Item label={t('editor.mergeTo')}>
              {mergeHere ? (
                <Button
                  icon={<MergeCellsOutlined />}
                  onClick={() => {
                    setMerges((current) => current.filter((m) => m !== mergeHere));
                    setDirty(true);
                  }}
                >
                  {t('editor.unmerge')} ({mergeHere.from}:{mergeHere.to})
                </Button>
              ) : (
                <Space.Compact>
                  <Input aria-label={t('editor.mergeTo')} placeholder={t('editor.mergeToPlaceholder')} value={mergeTo} onChange={(e) => setMergeTo(e.target.value)} onPressEnter={doMerge} style={{ width: 100 }} />
                  <Button icon={<MergeCellsOutlined />} onClick={doMerge}>
                    {t('editor.merge')}
                  </Button>
                </Space.Compact>
              )}
            </Form.Item>
            <Button
              danger
              icon={<ClearOutlined />}
              disabled={!cells.has(selected)}
              onClick={() => void modal.confirm({ title: t('editor.clearConfirm', { ref: selected }), okButtonProps: { danger: true }, onOk: clearCell, autoFocusButton: 'cancel' })}
            >
              {t('editor.clear')}
            </Button>
          </Form>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('editor.keyboard')}
          </Typography.Paragraph>
        </Card>
      </div>
    </div>
  );
}

function FieldBinding({ cell, items, loading, onChange }: { cell: TemplateCell; items: { id: number; name: string }[]; loading: boolean; onChange: (bind: { itemId: number; fieldName: string; aggregate: ReportAggregate }) => void }) {
  const { t } = useTranslation('reports');
  const bind = cell.bind && !isMeterBinding(cell.bind) ? cell.bind : { itemId: 0, fieldName: '', aggregate: 'sum' as ReportAggregate };
  const item = useDataItemQuery(bind.itemId);
  const fields = (item.data?.fields ?? []).filter((f) => numericFieldTypes.includes(f.type));
  return (
    <>
      <Form.Item label={t('editor.item')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('editor.itemPlaceholder')}
          loading={loading}
          value={bind.itemId || undefined}
          options={items.map((i) => ({ value: i.id, label: i.name }))}
          onChange={(itemId: number) => onChange({ ...bind, itemId, fieldName: '' })}
        />
      </Form.Item>
      <Form.Item label={t('editor.field')} help={bind.itemId && item.data && fields.length === 0 ? t('editor.noNumericField') : undefined}>
        <Select
          placeholder={t('editor.fieldPlaceholder')}
          disabled={!bind.itemId}
          loading={item.isFetching}
          value={bind.fieldName || undefined}
          options={fields.map((f) => ({ value: f.fieldName, label: f.unit ? `${f.name} (${f.unit})` : f.name }))}
          onChange={(fieldName: string) => onChange({ ...bind, fieldName })}
        />
      </Form.Item>
      <Form.Item label={t('editor.aggregate')}>
        <Select value={bind.aggregate} options={reportAggregates.map((a) => ({ value: a, label: t(`aggregates.${a}`) }))} onChange={(aggregate: ReportAggregate) => onChange({ ...bind, aggregate })} />
      </Form.Item>
    </>
  );
}
