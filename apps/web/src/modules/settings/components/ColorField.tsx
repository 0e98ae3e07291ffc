import { ColorPicker, Input, Space } from 'antd';
import { defaultTagColor, tagColorLength, tagColorPattern } from '@smartdata/domain';

/** Colours offered at a click (antd's palette); any other is a pick or a hex code away. */
const PRESET_COLORS = ['#1677FF', '#13C2C2', '#52C41A', '#FAAD14', '#FA8C16', '#F5222D', '#EB2F96', '#722ED1', '#2F54EB', '#8C8C8C'];

interface ColorFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  presetsLabel: string;
  pickerLabel: string;
}

/** `f5222d` → `#F5222D`: the form the domain's colour rule expects. */
function normalize(text: string): string {
  const trimmed = text.trim().toUpperCase();
  return trimmed === '' || trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
}

/**
 * A `#RRGGBB` colour: antd's ColorPicker for the mouse, and the hex code as text beside it, which
 * is what the keyboard reaches (the picker's trigger takes no focus).
 */
export function ColorField({ value = '', onChange, id, presetsLabel, pickerLabel }: ColorFieldProps) {
  const valid = tagColorPattern.test(value);
  return (
    <Space.Compact>
      <ColorPicker
        value={valid ? value : defaultTagColor}
        format="hex"
        disabledAlpha
        presets={[{ label: presetsLabel, colors: PRESET_COLORS }]}
        onChange={(color) => onChange?.(color.toHexString().toUpperCase())}
        aria-label={pickerLabel}
      />
      <Input
        id={id}
        className="sd-mono sd-color-field__hex"
        value={value}
        maxLength={tagColorLength}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onChange?.(normalize(event.target.value))}
      />
    </Space.Compact>
  );
}
