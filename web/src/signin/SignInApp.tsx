import { useEffect, useState } from 'react';
import { PAGE_TITLES } from '../components/layout/pageTitles';
import { pageTitle } from '../components/layout/brand';
import { AREA_HOME, goTo, SIGN_IN_PAGES, type SignInPath } from '../components/auth/paths';
import { EmailSignInPage } from './EmailSignInForm';
import { UserSignInPage } from './UserSignInForm';
import { onSignInPageChange } from './pageSwitch';
import { signedInKind } from './callProcedure';

const known = (path: string): SignInPath => ((SIGN_IN_PAGES as readonly string[]).includes(path) ? (path as SignInPath) : '/signin');

/** The three sign-in pages (and /login, kept because links to it exist), one chosen by the address. */
export function SignInApp() {
  const [path, setPath] = useState(() => known(window.location.pathname));
  useEffect(() => onSignInPageChange((p) => setPath(known(p))), []);
  useEffect(() => {
    document.title = pageTitle(PAGE_TITLES[path]);
  }, [path]);
  // Someone already signed in goes to their own area.
  useEffect(() => {
    void signedInKind().then((kind) => kind && goTo(AREA_HOME[kind]));
  }, []);

  if (path === '/adminsignin') {
    return (
      <EmailSignInPage
        kind="admin"
        title={PAGE_TITLES['/adminsignin']}
        subtitle="Manage subadmins, their notifications and complaints"
        links={[{ question: 'Subadmin?', label: PAGE_TITLES['/subadminsignin'], to: '/subadminsignin' }]}
      />
    );
  }
  if (path === '/subadminsignin') {
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
  return <UserSignInPage />;
}
