import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/useLocale';
import { useGasesQuery } from '../api/calculation';
import type { GasInfo } from '../api/types';

/** A gas's name in the interface language: "CO2 二氧化碳" / "CO2 carbon dioxide". */
export function gasLabel(info: GasInfo | undefined, gas: string, locale: string): string {
  if (!info) {
    return gas;
  }
  return `${gas} ${locale === 'zh-CN' ? info.nameZh : info.nameEn}`;
}

type Props = Omit<SelectProps<string>, 'options'> & {
  /** Leave these out (e.g. the gases already chosen elsewhere). */
  exclude?: readonly string[];
};

/** A searchable pick of the gases the server offers (getGases), by formula or name. */
export function GasSelect({ exclude = [], ...props }: Props) {
  const { t } = useTranslation('gas');
  const locale = useLocale();
  const gases = useGasesQuery();
  const options = (gases.data ?? [])
    .filter((info) => !exclude.includes(info.gas) || info.gas === props.value)
    .map((info) => ({ value: info.gas, label: gasLabel(info, info.gas, locale) }));
  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('form.gasPlaceholder')}
      loading={gases.isPending}
      notFoundContent={gases.isPending ? t('loading') : t('form.noGas')}
      options={options}
      {...props}
    />
  );
}
