import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Menu } from '@mantine/core';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { currentLanguage, feedbackText, i18n, serverText, showLanguage, type Language } from './index';
import { trpc } from '../trpc';
import { ME_COPY, keepOffline } from '../lib/offlineCopy';
import { notifyFailure } from '../lib/notify';
import type { Me } from '../components/auth/session';
import { SharedTextProvider, type SharedText } from './sharedText';

/** Each language named in its own script, whatever the page is in. */
const LANGUAGE_NAMES: ReadonlyArray<[Language, string]> = [
  ['en', 'English'],
  ['hi', 'हिन्दी'],
];

/**
 * The user area in the signed-in user's language: it follows `language` (the account's, or the one
 * just chosen) and gives the components shared with other areas their texts in it. The first time a
 * page is shown in Hindi, nothing shows until its texts are in (a moment, once), rather than English.
 * Leaving the area (signing out) leaves the page in English again.
 */
export function UserTexts({ language, children }: { language: Language; children: ReactNode }) {
  const [ready, setReady] = useState(() => currentLanguage() === language);
  useEffect(() => {
    let live = true;
    void showLanguage(language).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [language]);
  useEffect(() => () => void showLanguage('en'), []);
  if (!ready) return null;
  return (
    <I18nextProvider i18n={i18n}>
      <SharedTexts>{children}</SharedTexts>
    </I18nextProvider>
  );
}

function SharedTexts({ children }: { children: ReactNode }) {
  const { t, i18n: instance } = useTranslation();
  const language = currentLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `language` is read from i18n, whose language is the dependency that changes it
  const shared = useMemo<SharedText>(
    () => ({ t: (key, values) => t(`shared.${key}`, values ?? {}), serverText, feedbackText, language }),
    // `t` is a new function when the language changes; i18n.language says which.
    [t, instance.language],
  );
  return <SharedTextProvider value={shared}>{children}</SharedTextProvider>;
}

/** Keeps the signed-in account as the app knows it (and its offline copy) in step with a change. */
function useRememberLanguage() {
  const utils = trpc.useUtils();
  return useCallback(
    (language: Language) => {
      utils.auth.me.setData(undefined, (me) => (me ? { ...me, language } : me));
      const me = utils.auth.me.getData();
      if (me) keepOffline(ME_COPY, me);
    },
    [utils],
  );
}

/** English / हिन्दी in the account menu: the page switches at once, and the choice is kept for the user. */
export function LanguageMenuItems({ me }: { me: Me }) {
  const { t } = useTranslation();
  const labelId = useId();
  const remember = useRememberLanguage();
  const save = trpc.auth.setLanguage.useMutation();

  const choose = (language: Language) => {
    const before = me.language;
    if (language === before) return;
    remember(language);
    save.mutate(
      { language },
      {
        onError: (err) => {
          remember(before);
          notifyFailure(t('language.saveFailed'), err, undefined, serverText);
        },
      },
    );
  };

  // Radio items (checked or not, for screen readers too); the menu stays open on the page now in the chosen language.
  return (
    <>
      <Menu.Label id={labelId}>{t('language.label')}</Menu.Label>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset brings its own border and margins into the menu; the group only names the radio items */}
      <div role="group" aria-labelledby={labelId}>
        <Menu.RadioGroup value={me.language} onChange={(value) => choose(value as Language)}>
          {LANGUAGE_NAMES.map(([language, name]) => (
            <Menu.RadioItem key={language} value={language} lang={language}>
              {name}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </div>
    </>
  );
}
