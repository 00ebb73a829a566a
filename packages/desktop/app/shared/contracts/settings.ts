import { z } from 'zod';

export const LANGUAGES = ['en', 'zh', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** 'system' follows the operating system's (or browser's) language, falling back to English. */
export const languagePreferenceSchema = z.enum(['system', ...LANGUAGES]);
export type LanguagePreference = z.infer<typeof languagePreferenceSchema>;

export interface AppSettings {
  language: LanguagePreference;
}

export const DEFAULT_SETTINGS: AppSettings = { language: 'system' };

/** Picks the supported language for a BCP 47 tag such as `ja-JP` or `zh-Hans-CN`. */
export function matchLanguage(tag: string | undefined): Language {
  const primary = (tag ?? '').toLowerCase().split(/[-_.]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : 'en';
}
