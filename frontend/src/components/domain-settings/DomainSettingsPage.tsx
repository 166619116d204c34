'use client';

import { RobotOutlined } from '@/components/icons';
import { Alert, Button, Skeleton, Tabs } from 'antd';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { replaceQuery } from '@/lib/routing/replace-query';
import { useEffect, useState } from 'react';
import type { HomeSettings } from '@/lib/api/domain-settings';
import { getDomain, type DomainDetail, type DomainSettings } from '@/lib/api/domains';
import { errorSentence } from '@/lib/api/errors';
import { DEFAULT_CURRENCY } from '@/lib/format/money';
import { PATHS } from '@/lib/routing/paths';
import { PageTitle } from '@/components/dashboard/PageTitle';
import { useDomainSetup } from '@/components/domains/DomainSetupProvider';
import { WidgetPreview } from '@/components/widget-preview/WidgetPreview';
import { AppointmentTypesTab } from '@/components/content/AppointmentTypesTab';
import { HelpArticlesTab } from '@/components/content/HelpArticlesTab';
import { ProductsTab } from '@/components/content/ProductsTab';
import { BusinessHoursForm } from './BusinessHoursForm';
import { FilterQuestions } from './FilterQuestions';
import { HomeSettingsForm } from './HomeSettingsForm';
import { WidgetSettingsForm } from './WidgetSettingsForm';
import styles from './DomainSettings.module.css';

type Load =
  | { kind: 'loading' }
  | { kind: 'ready'; domain: DomainDetail }
  | { kind: 'failed'; message: string; status?: number };

const TABS = ['widget', 'home', 'hours', 'questions', 'products', 'articles', 'appointments'] as const;

/** Screens 9 and 10 for one domain, with a live preview of the widget beside the forms. */
export function DomainSettingsPage({ domainId }: { domainId: string }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [settings, setSettings] = useState<DomainSettings>({});
  const [home, setHome] = useState<HomeSettings>({});
  const wizard = useDomainSetup();
  const params = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? params.get('tab')! : 'widget';

  useEffect(() => {
    const c = new AbortController();
    getDomain(domainId, c.signal)
      .then(({ data }) => {
        setSettings(data.settings ?? {});
        setHome((data.homeSettings ?? {}) as HomeSettings);
        setLoad({ kind: 'ready', domain: data });
      })
      .catch((e: unknown) => !c.signal.aborted && setLoad({ kind: 'failed', message: errorSentence(e) }));
    return () => c.abort();
  }, [domainId, attempt]);

  if (load.kind === 'loading') return <Skeleton active paragraph={{ rows: 10 }} />;
  if (load.kind === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        title="This domain could not be loaded"
        description={load.message}
        action={
          <>
            <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
            <Link href={PATHS.settings}>
              <Button type="link">All domains</Button>
            </Link>
          </>
        }
      />
    );

  const { domain } = load;
  // Prices are shown in the currency the settings hold (saved, or being edited in the widget tab).
  const currency = settings.currency ?? DEFAULT_CURRENCY;
  const withPreview = (form: React.ReactNode) => (
    <div className={styles.withPreview}>
      <div className={styles.formColumn}>{form}</div>
      <aside className={styles.previewColumn}>
        <h3>Live preview</h3>
        <WidgetPreview settings={settings} home={home} domain={domain.domain} />
      </aside>
    </div>
  );

  return (
    <>
      <PageTitle
        title={domain.domain}
        description="How the widget looks on this site, its home tab, and what the assistant asks visitors."
        extra={
          <Button icon={<RobotOutlined />} onClick={() => wizard.open(domain.id)}>
            Assistant setup
          </Button>
        }
      />
      {/* Only the open tab is rendered: unsaved edits live in this page's state, not in hidden forms. */}
      <Tabs
        destroyOnHidden
        activeKey={tab}
        onChange={(key) => replaceQuery(`?tab=${key}`)}
        items={[
          {
            key: 'widget',
            label: 'Widget',
            children: withPreview(
              <WidgetSettingsForm
                domainId={domain.id}
                settings={settings}
                onChange={setSettings}
                onSaved={setSettings}
              />,
            ),
          },
          {
            key: 'home',
            label: 'Home tab',
            children: withPreview(
              <HomeSettingsForm domainId={domain.id} home={home} onChange={setHome} onSaved={setHome} />,
            ),
          },
          { key: 'hours', label: 'Business hours', children: <BusinessHoursForm domainId={domain.id} /> },
          { key: 'questions', label: 'Filter questions', children: <FilterQuestions domainId={domain.id} /> },
          {
            key: 'products',
            label: 'Products',
            children: <ProductsTab domainId={domain.id} currency={currency} />,
          },
          { key: 'articles', label: 'Help articles', children: <HelpArticlesTab domainId={domain.id} /> },
          {
            key: 'appointments',
            label: 'Appointment types',
            children: <AppointmentTypesTab domainId={domain.id} currency={currency} />,
          },
        ]}
      />
    </>
  );
}
