'use client';

import { ColorPicker, Input, Space } from 'antd';
import styles from './DomainSettings.module.css';

/** A colour as a hex string: a picker and the text box, kept in step (spec: 3 or 6 hex digits). */
export function ColorField({
  value,
  onChange,
  onBlur,
  id,
  'aria-label': ariaLabel,
}: {
  value?: string;
  onChange?: (value: string) => void;
  /** Form.Item's, so a field checked on leaving it is checked when the text box is left. */
  onBlur?: () => void;
  id?: string;
  'aria-label'?: string;
}) {
  const valid = !!value && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());
  return (
    <Space.Compact style={{ width: '100%' }}>
      <ColorPicker
        value={valid ? value : undefined}
        disabledAlpha
        format="hex"
        onChangeComplete={(c) => onChange?.(c.toHexString())}
      >
        {/* A real button (antd's own trigger is a div no keyboard can reach), showing the colour. */}
        <button
          type="button"
          className={styles.swatch}
          aria-label={ariaLabel ? `${ariaLabel}: choose a colour` : 'Choose a colour'}
          data-testid="color-swatch"
        >
          <span className={styles.swatchColor} style={{ background: valid ? value : 'transparent' }} />
        </button>
      </ColorPicker>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        onBlur={onBlur}
        maxLength={7}
        spellCheck={false}
        placeholder="#6366f1"
      />
    </Space.Compact>
  );
}
