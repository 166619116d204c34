'use client';

import { DeleteOutlined, GlobalOutlined, RobotOutlined, SettingOutlined } from '@/components/icons';
import { Alert, App, Button, Card, Empty, Form, Input, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { addDomainSchema } from '@parley/contracts/validation';
import { addDomain, deleteDomain, listDomains, type Domain, type DomainLimits } from '@/lib/api/domains';
import { ApiError, errorSentence } from '@/lib/api/errors';
import { formatDomainLimit } from '@/lib/domains/labels';
import { schemaRule } from '@/lib/forms/zod-fields';
import { usePlans } from '@/lib/hooks/usePlans';
import { domainSettingsPath } from '@/lib/routing/paths';
import { SearchCard } from '@/components/content/SearchCard';
import { useNotifications } from '@/components/notifications/NotificationsProvider';
import { useDomainSetup } from '@/components/domains/DomainSetupProvider';
import { useToast } from '@/components/toast/useToast';
import styles from './Settings.module.css';

type Load =
  | { kind: 'loading' }
  | { kind: 'ready'; domains: Domain[]; limits: DomainLimits }
  | { kind: 'failed'; message: string };

/** The account's domains, the plan's limit, adding and deleting them (spec: Domain rules). */
export function DomainsSection() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const wizard = useDomainSetup();

  const refresh = useCallback(async (signal?: AbortSignal) => {
    try {
      const body = await listDomains(signal);
      setLoad({ kind: 'ready', domains: body.data, limits: body.limits });
    } catch (e) {
      if (!signal?.aborted) setLoad({ kind: 'failed', message: errorSentence(e) });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh]);

  const limits = load.kind === 'ready' ? load.limits : undefined;

  return (
    <div className={styles.stack}>
      <Card
        className={styles.card}
        title={
          <span className={styles.cardTitle}>
            <GlobalOutlined /> Domains
          </span>
        }
        extra={
          limits && (
            <Tag className={styles.limit} data-testid="domain-limit">
              {limits.used} of {formatDomainLimit(limits.maxDomains)} used
            </Tag>
          )
        }
        data-testid="domains-section"
      >
        <AddDomainForm onAdded={() => void refresh()} />
        {load.kind === 'loading' && <Skeleton active paragraph={{ rows: 3 }} />}
        {load.kind === 'failed' && (
          <Alert
            type="error"
            showIcon
            title="Your domains could not be loaded"
            description={load.message}
            action={<Button onClick={() => void refresh()}>Try again</Button>}
          />
        )}
        {load.kind === 'ready' &&
          (load.domains.length === 0 ? (
            <Empty
              data-testid="empty-state"
              description="No domains yet. Add your website above to put the assistant on it."
            />
          ) : (
            <ul className={styles.domainList}>
              {load.domains.map((d) => (
                <DomainRow
                  key={d.id}
                  domain={d}
                  onSetup={() => wizard.open(d.id)}
                  onDeleted={() => void refresh()}
                />
              ))}
            </ul>
          ))}
      </Card>
      {load.kind === 'ready' && load.domains.length > 0 && <SearchCard domains={load.domains} />}
    </div>
  );
}

function DomainRow({ domain, onSetup, onDeleted }: { domain: Domain; onSetup(): void; onDeleted(): void }) {
  const { modal } = App.useApp();
  const toast = useToast();
  const { forgetDomain } = useNotifications();

  const confirmDelete = () =>
    modal.confirm({
      title: `Delete ${domain.domain}?`,
      content:
        'Its widget stops working, and its settings, assistant configuration, filter questions, products, help articles and appointment types are deleted. This cannot be undone.',
      okText: 'Delete domain',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await deleteDomain(domain.id);
          forgetDomain(domain.id);
          toast.success('Domain deleted', domain.domain);
          onDeleted();
        } catch (e) {
          toast.error('Failed to update settings', errorSentence(e));
        }
      },
    });

  return (
    <li className={styles.domainRow} data-testid="domain-row">
      <div className={styles.domainName}>
        <Link href={domainSettingsPath(domain.id)}>{domain.domain}</Link>
        {domain.createdAt && <span>Added {dayjs(domain.createdAt).format('MMM D, YYYY')}</span>}
      </div>
      <div className={styles.domainActions}>
        <Button icon={<RobotOutlined />} onClick={onSetup}>
          Assistant setup
        </Button>
        <Link href={domainSettingsPath(domain.id)}>
          <Button icon={<SettingOutlined />}>Settings</Button>
        </Link>
        <Button
          danger
          icon={<DeleteOutlined />}
          aria-label={`Delete ${domain.domain}`}
          onClick={confirmDelete}
        />
      </div>
    </li>
  );
}

function AddDomainForm({ onAdded }: { onAdded(): void }) {
  const [form] = Form.useForm<{ domain: string }>();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const toast = useToast();
  const plans = usePlans();
  const bigger = plans.kind === 'ready' ? plans.plans.find((p) => p.id === 'PRO') : undefined;

  async function submit({ domain }: { domain: string }) {
    setSaving(true);
    setRefusal(undefined);
    try {
      const parsed = addDomainSchema.parse({ domain });
      await addDomain(parsed.domain);
      form.resetFields();
      toast.success(
        'Domain added',
        `${parsed.domain}: set up its assistant from the notification or the list below.`,
      );
      onAdded();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'PLAN_LIMIT') return setRefusal(e.message);
      if (
        e instanceof ApiError &&
        (e.code === 'DOMAIN_EXISTS' || e.fields.some((f) => f.field === 'domain'))
      ) {
        const message = e.fields.find((f) => f.field === 'domain')?.message ?? e.message;
        return form.setFields([{ name: 'domain', errors: [message] }]);
      }
      toast.error('Failed to update settings', errorSentence(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        noValidate
        className={styles.addForm}
      >
        <Form.Item
          name="domain"
          label="Add domain"
          rules={[schemaRule(addDomainSchema, 'domain', () => form.getFieldsValue(true))]}
          validateTrigger="onSubmit"
          extra="Your website's address without https://, for example shop.example.com"
          className={styles.addField}
        >
          <Input placeholder="example.com" autoComplete="off" spellCheck={false} maxLength={253} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} className={styles.addButton}>
          Add domain
        </Button>
      </Form>
      {refusal && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setRefusal(undefined) }}
          className={styles.refusal}
          data-testid="plan-limit"
          title={refusal}
          description={
            bigger
              ? `Pro includes ${formatDomainLimit(bigger.maxDomains)} domains and ${bigger.credits.toLocaleString()} requests a month.`
              : 'Upgrade your plan to add more domains.'
          }
        />
      )}
    </>
  );
}
