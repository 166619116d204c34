import {
  ApartmentOutlined,
  AppstoreOutlined,
  FileTextOutlined,
  MailOutlined,
  MessageOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@/components/icons';
import type { ReactNode } from 'react';
import { normalisePath } from '@/lib/routing/paths';

export interface NavEntry {
  href: string;
  label: string;
  icon: ReactNode;
}

/** Spec section 2: the owner's sidebar entries, as path segments under /dashboard. */
export const MAIN_NAV: NavEntry[] = [
  { href: '/dashboard', label: 'Dashboard', icon: <AppstoreOutlined /> },
  { href: '/dashboard/conversation', label: 'Conversation', icon: <MessageOutlined /> },
  { href: '/dashboard/team', label: 'Team', icon: <TeamOutlined /> },
  { href: '/dashboard/settings', label: 'Settings', icon: <SettingOutlined /> },
  { href: '/dashboard/email-marketing', label: 'Email Marketing', icon: <MailOutlined /> },
];

/** Admin-only entries, shown for role ADMIN. */
export const ADMIN_NAV: NavEntry[] = [
  { href: '/dashboard/admin', label: 'Admin Overview', icon: <SafetyCertificateOutlined /> },
  { href: '/dashboard/admin/tags', label: 'Content Tags', icon: <TagsOutlined /> },
  { href: '/dashboard/admin/blogs', label: 'Blog Posts', icon: <ReadOutlined /> },
  { href: '/dashboard/admin/jobs', label: 'Job Listings', icon: <SolutionOutlined /> },
  { href: '/dashboard/admin/applications', label: 'Applications', icon: <FileTextOutlined /> },
  { href: '/dashboard/admin/categories', label: 'Categories', icon: <ApartmentOutlined /> },
];

/** The entry whose path is the longest prefix of the current path. */
export function activeHref(pathname: string, entries: NavEntry[]): string | undefined {
  const path = normalisePath(pathname);
  return entries
    .filter((e) => path === e.href || path.startsWith(`${e.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
}
