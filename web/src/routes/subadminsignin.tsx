import { createFileRoute } from '@tanstack/react-router';
import { EmailSignInPage } from '../components/auth/EmailSignInForm';
import { leaveSignInIfSignedIn } from '../components/auth/session';
import { pageTitle } from '../components/layout/brand';

export const Route = createFileRoute('/subadminsignin')({
  beforeLoad: leaveSignInIfSignedIn,
  head: () => ({ meta: [{ title: pageTitle('Company admin sign in') }] }),
  component: SubadminSignIn,
});

function SubadminSignIn() {
  return (
    <EmailSignInPage
      kind="subadmin"
      title="Company admin sign in"
      subtitle="Manage your telecallers, leads and projects"
      links={[
        { question: 'Telecaller, head or developer?', label: 'Sign in with your mobile', to: '/signin' },
        { question: 'Platform admin?', label: 'Admin sign in', to: '/adminsignin' },
      ]}
    />
  );
}
