'use client';

import { App } from 'antd';
import { useMemo } from 'react';

/**
 * The app's toasts (error catalogue: only one shown at a time). Everything goes through antd's
 * notification, capped at one by the App provider; a title and an optional description.
 */
export interface Toast {
  success(title: string, description?: string): void;
  error(title: string, description?: string): void;
}

export function useToast(): Toast {
  const { notification, message } = App.useApp();
  return useMemo(() => {
    const show = (kind: 'success' | 'error', title: string, description?: string) => {
      message.destroy();
      notification[kind]({
        title,
        description,
        placement: 'bottomRight',
        duration: kind === 'error' ? 6 : 3,
      });
    };
    return {
      success: (title, description) => show('success', title, description),
      error: (title, description) => show('error', title, description),
    };
  }, [notification, message]);
}
