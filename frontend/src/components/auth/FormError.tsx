import { Alert } from 'antd';
import type { ReactNode } from 'react';

/** A form's failure above its fields (the auth and invite forms), announced to screen readers. */
export function FormError({ message, description }: { message?: string | null; description?: ReactNode }) {
  if (!message) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="form-error"
      style={{ marginBottom: 20 }}
      title={message}
      description={description}
    />
  );
}
