import { redirect } from 'next/navigation';
import { PATHS } from '@/lib/routing/paths';

/** /auth has no page of its own: it is the way in, which is the sign-in form. */
export default function AuthIndex() {
  redirect(PATHS.signIn);
}
