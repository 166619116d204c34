'use client';

import { Button, Card, Space, Typography } from 'antd';
import Link from 'next/link';

/** The settings page's way to the API keys and webhooks (the sidebar is the spec's and stays as it is). */
export function ApiAccessCard() {
  return (
    <Card title="API access">
      <Typography.Paragraph>
        Connect your CRM or shop to Parley: the public API with its keys, and webhooks that send your events
        as they happen (Pro plan).
      </Typography.Paragraph>
      <Space>
        <Link href="/dashboard/settings/api-keys">
          <Button>Manage API keys</Button>
        </Link>
        <Link href="/dashboard/settings/webhooks">
          <Button>Manage webhooks</Button>
        </Link>
      </Space>
    </Card>
  );
}
