'use client';

import { CopyOutlined, GlobalOutlined, MessageOutlined } from '@ant-design/icons';
import { Button, Select, Typography } from 'antd';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import type { Domain } from '@/lib/api/domains';
import { browserGatewayUrl, type PublicGateway } from '@/lib/realtime/gateway-address';
import { PATHS } from '@/lib/routing/paths';
import { useToast } from '@/components/toast/useToast';
import { embedSnippet } from './snippet';
import styles from './Conversations.module.css';

export function NoDomains() {
  return (
    <section className={styles.emptyState} data-testid="no-domains">
      <GlobalOutlined className={styles.emptyIcon} aria-hidden="true" />
      <h2>Add your website first</h2>
      <p>Conversations start on a domain with the chat widget. Add one in Settings to get its embed code.</p>
      <Link href={PATHS.settings}>
        <Button type="primary">Add a domain</Button>
      </Link>
    </section>
  );
}

/** An agent sees the chats shared with them; none yet. Listening goes on underneath. */
export function NothingShared() {
  return (
    <section className={styles.emptyState} data-testid="list-empty">
      <MessageOutlined className={styles.emptyIcon} aria-hidden="true" />
      <h2>No conversations shared with you yet</h2>
      <p>When your team shares a conversation with you, it shows up here straight away.</p>
    </section>
  );
}

/** No chat yet on any domain: the embed snippet to put on the site, with a copy button. */
export function NoConversations({ domains, gateway }: { domains: Domain[]; gateway: PublicGateway }) {
  const [domainId, setDomainId] = useState(domains[0]?.id ?? '');
  const [origin, setOrigin] = useState<string>();
  const toast = useToast();
  // The page's host is known in the browser only.
  useEffect(() => setOrigin(browserGatewayUrl(gateway, window.location)), [gateway]);
  const snippet = origin ? embedSnippet(origin, domainId) : '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success('Copied', 'Paste it before the closing </body> tag of your site.');
    } catch {
      toast.error('Could not copy', 'Select the code and copy it yourself.');
    }
  }

  return (
    <section className={styles.emptyState} data-testid="no-conversations">
      <MessageOutlined className={styles.emptyIcon} aria-hidden="true" />
      <h2>No conversations yet</h2>
      <p>Put the chat widget on your site. Each visitor conversation shows up here as it happens.</p>
      {domains.length > 1 && (
        <Select
          value={domainId}
          onChange={setDomainId}
          options={domains.map((d) => ({ value: d.id, label: d.domain }))}
          aria-label="Domain for the embed code"
          className={styles.snippetDomain}
        />
      )}
      <div className={styles.snippet}>
        <Typography.Text code data-testid="embed-snippet">
          {snippet}
        </Typography.Text>
        <Button
          icon={<CopyOutlined />}
          onClick={() => void copy()}
          disabled={!snippet}
          data-testid="copy-snippet"
        >
          Copy
        </Button>
      </div>
    </section>
  );
}
