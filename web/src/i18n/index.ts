import i18next from 'i18next';
import type { Language } from '../../../shared/schemas/language';
import { USER_PAGE_TITLES } from '../components/layout/userPageTitles';
import { en, isFeedbackValue, type Texts } from './en';
import { setDisplayLanguage } from '../lib/timeZone';

/*
 * The user area's texts (i18next and react-i18next): imported by the user area's code only, so the
 * sign-in pages and the admin's and sub-admin's areas never load it. English is built in and is the
 * default; Hindi is fetched (its own file) the first time a user reading Hindi needs it.
 */

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Texts };
  }
}

export type { Language };

/** The user area's instance; the area's layout hands it to react-i18next (UserTexts). */
export const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: { ...en, titles: USER_PAGE_TITLES } satisfies Texts } },
  // Nothing to wait for: English is here, Hindi is added before it is switched to.
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  // No Suspense: Hindi is in before the page is switched to it.
  react: { useSuspense: false },
});

let hindi: Promise<void> | undefined;
function loadHindi(): Promise<void> {
  hindi ??= Promise.all([import('./hi'), import('dayjs/locale/hi')]).then(
    ([{ hi, hiServer }]) => {
      i18n.addResourceBundle('hi', 'translation', hi);
      i18n.addResourceBundle('hi', 'server', hiServer);
    },
    (err: unknown) => {
      // Not fetched (no connection before the app was ever stored): asked for again next time.
      hindi = undefined;
      throw err;
    },
  );
  return hindi;
}

/** Shows the user area in this language (English when Hindi cannot be fetched), and says so in <html lang>. */
export async function showLanguage(language: Language): Promise<void> {
  let shown: Language = language;
  if (language === 'hi') await loadHindi().catch(() => (shown = 'en'));
  setDisplayLanguage(shown);
  if (i18n.language !== shown) await i18n.changeLanguage(shown);
  document.documentElement.lang = shown;
}

/** A message the server (or a shared schema) wrote in English: in Hindi when it is a known one. */
export function serverText(message: string): string {
  if (i18n.language === 'en') return message;
  const known: unknown = i18n.getResource(i18n.language, 'server', message, { keySeparator: false });
  return typeof known === 'string' ? known : message;
}

export const currentLanguage = (): Language => (i18n.language === 'hi' ? 'hi' : 'en');

/** A feedback as the lead form sends it (the original app's English, which the server checks), as the reader says it. */
export const feedbackText = (value: string): string => (isFeedbackValue(value) ? i18n.t(`feedback.${value}`) : value);
