/**
 * i18next over the locale files at the repository root: locales/<lng>/<area>/<name>.json becomes
 * namespace `<area>/<name>` (e.g. `settings/tools`, `common/errors`). Keys are written fully
 * qualified and literal — t('settings/tools:form.name') — so a test can check each one exists.
 */
import i18next, { type i18n, type Resource, type ResourceLanguage } from 'i18next';
import { formatByteSize } from '@elftia/desktop/shared/contracts/attachments.ts';
import { type Language, LANGUAGES, type LanguagePreference, matchLanguage } from '@elftia/desktop/shared/contracts/settings.ts';

// Bundled eagerly: the UI must render translated on the first frame, offline, from file://.
const files = import.meta.glob<Record<string, unknown>>('../../../../locales/*/**/*.json', { eager: true, import: 'default' });

const LOCALE_PATH = /\/locales\/([^/]+)\/(.+)\.json$/;

/** Every locale file, as i18next resources: `{ [language]: { [namespace]: json } }`. */
export function localeResources(): Resource {
  const resources: Record<string, ResourceLanguage> = {};
  for (const [path, json] of Object.entries(files)) {
    const match = LOCALE_PATH.exec(path);
    if (!match?.[1] || !match[2]) continue;
    (resources[match[1]] ??= {})[match[2]] = json as ResourceLanguage[string];
  }
  return resources;
}

/** 'system' follows the browser's (Chromium: the operating system's) language, else English. */
export function resolveLanguage(preference: LanguagePreference, systemTag: string | undefined = globalThis.navigator?.language): Language {
  return preference === 'system' ? matchLanguage(systemTag) : preference;
}

/** A ready-to-use i18next instance; synchronous, because every resource is bundled. */
export function createI18n(language: Language): i18n {
  const resources = localeResources();
  const instance = i18next.createInstance({
    resources,
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(resources.en ?? {}),
    defaultNS: false,
    interpolation: { escapeValue: false }, // React escapes.
    initAsync: false,
    returnNull: false,
  });
  void instance.init();
  // `{{max, size}}`: a byte count as people read it (attachment limits).
  instance.services.formatter?.add('size', (value: unknown, lng: string | undefined) => (typeof value === 'number' ? formatByteSize(value, lng ?? language) : String(value)));
  return instance;
}
