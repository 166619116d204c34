import { redirect } from 'next/navigation';
import { PATHS } from '@/lib/routing/paths';

/** The breadcrumb's "Domains" crumb: the list lives on the settings page. */
export default function Page() {
  redirect(PATHS.settings);
}
