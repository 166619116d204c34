'use client';

import { Card, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { PageTitle } from '@/components/dashboard/PageTitle';
import { listDomains, type Domain } from '@/lib/api/domains';
import { marketingApi } from '@/lib/api/marketing';
import { CampaignsTab } from './CampaignsTab';
import { ContactsTab } from './ContactsTab';

/** Spec section 1: the owner's email marketing — contacts and campaigns. */
export function EmailMarketingPage() {
  const [domains, setDomains] = useState<Domain[]>([]);
  const [questions, setQuestions] = useState<{ questionId: string; question: string; domainId: string }[]>(
    [],
  );
  const [tab, setTab] = useState('contacts');
  useEffect(() => {
    listDomains()
      .then((answer) => setDomains(answer.data))
      .catch(() => setDomains([]));
    marketingApi
      .contacts({ pageSize: 1 })
      .then((answer) => setQuestions(answer.questions))
      .catch(() => setQuestions([]));
  }, []);

  return (
    <div data-testid="email-marketing-page">
      <PageTitle
        title="Email Marketing"
        description="The visitors who left their email with the assistant, a form, a booking or an order, and the campaigns you send them."
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'contacts', label: 'Contacts', children: <ContactsTab domains={domains} /> },
            {
              key: 'campaigns',
              label: 'Campaigns',
              children: <CampaignsTab domains={domains} questions={questions} />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
