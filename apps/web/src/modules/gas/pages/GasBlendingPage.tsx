import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Empty, Space, Tooltip } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { TabsPage } from '@/shared/components/list/TabsPage';
import { useListActions } from '@/shared/hooks/useListActions';
import { usePlanMutation } from '../api/calculation';
import { useAddOrderMutation, useOrderQuery, useUpdateOrderMutation } from '../api/orders';
import type { Plan, PlanRequest } from '../api/types';
import { BlendForm } from '../components/BlendForm';
import { OrderList } from '../components/OrderList';
import { PlanResult, planBlocked } from '../components/PlanResult';
import { SaveOrderModal } from '../components/SaveOrderModal';
import { fromPlanRequest } from '../lib/blendForm';
import { blendOrderPath } from '../lib/gasPaths';
import { refusalText } from '../lib/refusal';
import '../gas.css';

/** /gas/blending (gs_blending): the blending calculator and the blending orders, one tab each. */
export function GasBlendingPage() {
  const { t } = useTranslation('gas');
  // A fresh calculator for each draft opened for changes (and after one is saved back).
  const editing = useSearchParams()[0].get('edit') ?? 'new';
  return (
    <TabsPage
      title={t('blending.title')}
      description={t('blending.description')}
      className="sd-gas"
      tabs={[
        { key: 'calculator', label: t('tabs.calculator'), children: <Calculator key={editing} /> },
        { key: 'orders', label: t('tabs.orders'), children: <OrderList /> },
      ]}
    />
  );
}

function Calculator() {
  const { t } = useTranslation('gas');
  const navigate = useNavigate();
  const plan = usePlanMutation();
  const addOrder = useAddOrderMutation();
  const updateOrder = useUpdateOrderMutation();
  // `?edit=<id>`: a draft order's calculation, changed here and saved back (updateOrder).
  const [params, setParams] = useSearchParams();
  const editId = Number(params.get('edit') ?? 0);
  const edited = useOrderQuery(editId);
  const draft = edited.data?.state === 'draft' ? edited.data : undefined;
  const initial = useMemo(() => (draft ? fromPlanRequest(draft.input) : undefined), [draft]);
  const { save } = useListActions();
  const [result, setResult] = useState<{ request: PlanRequest; plan: Plan } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const resultRef = useRef<HTMLElement>(null);

  const calculate = (request: PlanRequest) => {
    setRefusal(null);
    plan.mutate(request, {
      onSuccess: (answer) => {
        setResult({ request, plan: answer });
        // Where the result is below the form, bring it into view.
        window.requestAnimationFrame(() => resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
      },
      onError: (error) => {
        setResult(null);
        setRefusal(refusalText(error));
      },
    });
  };
  const blocked = result ? planBlocked(result.plan) : true;

  return (
    <div className="sd-gas-calculator">
      <div className="sd-gas-calculator__input">
        {draft && (
          <Alert
            type="info"
            showIcon
            title={t('order.editing', { number: draft.number })}
            action={
              <Button size="small" onClick={() => setParams({}, { replace: true })}>
                {t('order.stopEditing')}
              </Button>
            }
          />
        )}
        <BlendForm key={draft ? `order-${draft.id}` : 'new'} initial={initial} calculating={plan.isPending} onCalculate={calculate} />
      </div>
      <section ref={resultRef} className="sd-gas-calculator__result" aria-label={t('result.title')} aria-busy={plan.isPending}>
        {refusal && <Alert type="error" showIcon title={t('result.refused')} description={refusal} />}
        {result ? (
          <>
            <div className="sd-gas-result__head">
              <h2 className="sd-gas-result__title">{t('result.title')}</h2>
              <Space wrap>
                <Tooltip title={blocked ? t('result.blockedHint') : undefined}>
                  <Button type="primary" icon={<SaveOutlined />} disabled={blocked} onClick={() => setSaving(true)}>
                    {draft ? t('order.saveChanges') : t('order.saveAsOrder')}
                  </Button>
                </Tooltip>
              </Space>
            </div>
            <PlanResult plan={result.plan} mode={result.request.pressureMode} />
          </>
        ) : (
          !refusal && (
            <Card>
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('result.empty')} />
            </Card>
          )
        )}
      </section>
      {saving && result && (
        <SaveOrderModal
          initial={
            draft
              ? {
                  cylinderNumber: draft.cylinderNumber,
                  cylinderMaterial: draft.cylinderMaterial,
                  valve: draft.valve,
                  remarks: draft.remarks,
                  productItemId: draft.productItemId ?? undefined,
                  warehouseId: draft.warehouseId ?? undefined,
                  parentItemIds: Object.fromEntries(draft.input.parents.map((p) => [p.key, p.itemId])),
                }
              : undefined
          }
          parents={result.request.parents}
          saving={addOrder.isPending || updateOrder.isPending}
          onCancel={() => setSaving(false)}
          onSubmit={({ parentItemIds, ...fields }) => {
            // Each parent with the inventory item of its cylinders (none: the key is left out).
            const request = { ...result.request, parents: result.request.parents.map(({ itemId: _old, ...p }) => ({ ...p, ...(parentItemIds[p.key] === undefined ? {} : { itemId: parentItemIds[p.key] }) })), ...fields };
            void save(
              async () => {
                if (draft) {
                  await updateOrder.mutateAsync({ ...request, id: draft.id });
                  setParams({}, { replace: true });
                  setResult(null);
                  void navigate(blendOrderPath(draft.id));
                  return;
                }
                const { id } = await addOrder.mutateAsync(request);
                void navigate(blendOrderPath(id));
              },
              () => setSaving(false),
            );
          }}
        />
      )}
    </div>
  );
}
