'use client';

import { App, Alert, Button, Card, Skeleton, Switch, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/api/client';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { systemSettingsResponseSchema, type SystemSettings } from '@/lib/api/types';
import { AdminCounts } from '@/components/editorial/AdminCounts';
import { PageTitle } from './PageTitle';
import styles from './AdminOverview.module.css';

type Key = keyof SystemSettings;

const SWITCHES: { key: Key; title: string; on: string; off: string; description: string; risky: boolean }[] =
  [
    {
      key: 'loginEnabled',
      title: 'Log-in',
      on: 'Log-in is now on',
      off: 'Log-in is now off',
      description:
        'When off, only administrators can sign in. Everyone else is sent to the “Log-in is paused” page.',
      risky: false,
    },
    {
      key: 'registrationEnabled',
      title: 'Registration',
      on: 'Registration is now on',
      off: 'Registration is now off',
      description: 'When off, new sign-ups are refused and the sign-up page shows “New sign-ups are paused”.',
      risky: false,
    },
    {
      key: 'maintenanceMode',
      title: 'Maintenance mode',
      on: 'Maintenance mode is now on',
      off: 'Maintenance mode is now off',
      description:
        'When on, everyone except administrators sees the maintenance page and the API answers 503.',
      risky: true,
    },
  ];

type State =
  { kind: 'loading' } | { kind: 'ready'; settings: SystemSettings } | { kind: 'failed'; message: string };

/** Spec section 3's system settings, read from and saved to /api/system-settings. */
export function AdminOverview() {
  const { message, modal } = App.useApp();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [saving, setSaving] = useState<Key | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const body = await api('/system-settings', { schema: systemSettingsResponseSchema });
      setState({ kind: 'ready', settings: body.data });
    } catch (error) {
      const message =
        error instanceof ApiError && error.code === 'INVALID_RESPONSE'
          ? 'Invalid system settings response'
          : errorSentence(error);
      setState({ kind: 'failed', message });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function save(key: Key, value: boolean) {
    const item = SWITCHES.find((s) => s.key === key)!;
    setSaving(key);
    setSaveError(null);
    try {
      const body = await api('/system-settings', {
        method: 'PUT',
        body: { [key]: value },
        schema: systemSettingsResponseSchema,
      });
      setState({ kind: 'ready', settings: body.data });
      message.success(body.data[key] ? item.on : item.off);
    } catch (error) {
      const text = errorSentence(error);
      setSaveError(`Failed to update settings: ${text}`);
      message.error('Failed to update settings');
    } finally {
      setSaving(null);
    }
  }

  function change(key: Key, value: boolean) {
    const item = SWITCHES.find((s) => s.key === key)!;
    if (item.risky && value) {
      modal.confirm({
        title: 'Turn on maintenance mode?',
        content: 'Everyone except administrators will see the maintenance page until you turn it off again.',
        okText: 'Turn on',
        okButtonProps: { danger: true },
        onOk: () => save(key, value),
      });
      return;
    }
    void save(key, value);
  }

  return (
    <>
      <PageTitle
        title="Admin Overview"
        description="The platform at a glance, and switches that apply to all of it. Changes take effect within a few seconds."
      />
      <AdminCounts />
      <Card title="Platform access" className={styles.card}>
        {state.kind === 'loading' && <Skeleton active paragraph={{ rows: 5 }} />}
        {state.kind === 'failed' && (
          <Alert
            type="error"
            showIcon
            title="Failed to fetch system settings"
            description={state.message}
            action={<Button onClick={() => void load()}>Retry</Button>}
          />
        )}
        {state.kind === 'ready' && (
          <>
            {saveError && (
              <Alert
                type="error"
                showIcon
                title={saveError}
                closable={{ onClose: () => setSaveError(null) }}
                className={styles.alert}
              />
            )}
            <ul className={styles.switches}>
              {SWITCHES.map((s) => {
                const checked = state.settings[s.key];
                const attention = s.key === 'maintenanceMode' ? checked : !checked;
                return (
                  <li key={s.key} className={styles.row}>
                    <div className={styles.text}>
                      <p className={styles.title} id={`setting-${s.key}`}>
                        {s.title}{' '}
                        <Tag color={attention ? 'orange' : 'green'} className={styles.tag}>
                          {checked ? 'On' : 'Off'}
                        </Tag>
                      </p>
                      <p className={styles.description}>{s.description}</p>
                    </div>
                    <Switch
                      checked={checked}
                      loading={saving === s.key}
                      disabled={saving !== null && saving !== s.key}
                      onChange={(value) => change(s.key, value)}
                      aria-labelledby={`setting-${s.key}`}
                      data-testid={`switch-${s.key}`}
                    />
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </Card>
    </>
  );
}
