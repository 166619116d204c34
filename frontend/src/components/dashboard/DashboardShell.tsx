'use client';

import { DownOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@/components/icons';
import { Avatar, Button, Drawer, Dropdown, Layout, Menu, type MenuProps } from 'antd';
import { DashboardLink } from '@/components/dashboard/DashboardLink';
import { usePathname } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { Logo } from '@/components/brand/Logo';
import { NotificationBell } from '@/components/notifications/NotificationBell';
import { ThemeToggle } from '@/components/theme/ThemeToggle';
import { UsageAlertBanner } from '@/components/usage/UsageAlertBanner';
import { PATHS } from '@/lib/routing/paths';
import { ADMIN_NAV, MAIN_NAV, activeHref, type NavEntry } from './navigation';
import { useSession } from './SessionProvider';
import { TopBarBreadcrumb } from './TopBarBreadcrumb';
import styles from './DashboardShell.module.css';
import { initialsOf } from '@parley/chat-display';

function menuItems(entries: NavEntry[]): NonNullable<MenuProps['items']> {
  return entries.map((e) => ({
    key: e.href,
    icon: e.icon,
    label: <DashboardLink href={e.href}>{e.label}</DashboardLink>,
  }));
}

function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  const pathname = usePathname();
  const isAdmin = user.role === 'ADMIN';
  const selected = activeHref(pathname, isAdmin ? [...MAIN_NAV, ...ADMIN_NAV] : MAIN_NAV);
  const items: MenuProps['items'] = [
    { type: 'group', key: 'workspace', label: 'Workspace', children: menuItems(MAIN_NAV) },
    ...(isAdmin
      ? [{ type: 'group' as const, key: 'admin', label: 'Administration', children: menuItems(ADMIN_NAV) }]
      : []),
  ];
  return (
    <nav aria-label="Dashboard" data-testid="sidebar">
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        items={items}
        onClick={onNavigate}
        className={styles.menu}
      />
    </nav>
  );
}

function UserMenu() {
  const { user, signOut } = useSession();
  const items: MenuProps['items'] = [
    {
      key: 'who',
      label: (
        <div className={styles.who}>
          <strong>{user.fullname}</strong>
          <span>{user.email}</span>
        </div>
      ),
      disabled: true,
    },
    { type: 'divider' },
    {
      key: 'profile',
      icon: <UserOutlined />,
      label: <DashboardLink href={PATHS.profile}>Profile</DashboardLink>,
    },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: 'Log out',
      danger: true,
      onClick: () => void signOut(),
    },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      {/* Named by what it shows (WCAG 2.5.3): the user's name, then what the button is for. */}
      <Button type="text" className={styles.userButton} data-testid="user-menu">
        <Avatar size={32} className={styles.avatar} aria-hidden="true">
          {initialsOf(user.fullname)}
        </Avatar>
        <span className={styles.userName}>{user.fullname}</span>
        <span className="visually-hidden"> (user menu)</span>
        <DownOutlined className={styles.caret} />
      </Button>
    </Dropdown>
  );
}

export function DashboardShell({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const pathname = usePathname();

  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <Layout className={styles.layout}>
      <a href="#main-content" className={styles.skipLink}>
        Skip to main content
      </a>
      <Layout.Sider width={252} className={styles.sider} theme="light">
        <div className={styles.brand}>
          <Logo href={PATHS.dashboard} size={30} />
        </div>
        <SideNav />
      </Layout.Sider>

      <Drawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        placement="left"
        size={280}
        closable={false}
        styles={{ body: { padding: 0 } }}
      >
        <div className={styles.brand}>
          <Logo href={PATHS.dashboard} size={30} />
        </div>
        <SideNav onNavigate={() => setDrawerOpen(false)} />
      </Drawer>

      <Layout className={styles.main}>
        <Layout.Header className={styles.header}>
          <Button
            type="text"
            className={styles.menuButton}
            icon={<MenuOutlined />}
            aria-label="Open navigation"
            onClick={() => setDrawerOpen(true)}
          />
          <TopBarBreadcrumb />
          <div className={styles.headerActions}>
            <ThemeToggle />
            <NotificationBell />
            <UserMenu />
          </div>
        </Layout.Header>
        <Layout.Content id="main-content" tabIndex={-1} className={styles.content}>
          <UsageAlertBanner />
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
