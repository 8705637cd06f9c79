import { createFileRoute } from '@tanstack/react-router';
import { EmailSignInPage } from '../components/auth/EmailSignInForm';
import { leaveSignInIfSignedIn } from '../components/auth/session';
import { PAGE_TITLES, pageHead } from '../components/layout/pageTitles';

export const Route = createFileRoute('/subadminsignin')({
  beforeLoad: leaveSignInIfSignedIn,
  head: pageHead('/subadminsignin'),
  component: SubadminSignIn,
});

function SubadminSignIn() {
  return (
    <EmailSignInPage
      kind="subadmin"
      title={PAGE_TITLES['/subadminsignin']}
      subtitle="Manage your telecallers, leads and projects"
      links={[
        { question: 'Telecaller, telecaller head or developer?', label: 'Sign in with your mobile', to: '/signin' },
        { question: 'Admin?', label: PAGE_TITLES['/adminsignin'], to: '/adminsignin' },
      ]}
    />
  );
}
