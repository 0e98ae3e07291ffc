import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A board or carousel page before its data is there: a spinner while it loads, "could not be loaded" once it failed. */
export function BoardLoadState({ query }: { query: { isError: boolean } }) {
  const { t } = useTranslation('dashboards');
  return query.isError ? <Empty className="sd-board-empty" description={t('view.loadFailed')} /> : <Spin className="sd-board-spin" />;
}
