'use client';

import { Button, Card, Typography } from 'antd';
import Link from 'next/link';

/** The settings page's way to the API keys (the sidebar is the spec's and stays as it is). */
export function ApiAccessCard() {
  return (
    <Card title="API access">
      <Typography.Paragraph>
        Connect your CRM or shop to Parley with the public API and its API keys (Pro plan).
      </Typography.Paragraph>
      <Link href="/dashboard/settings/api-keys">
        <Button>Manage API keys</Button>
      </Link>
    </Card>
  );
}
