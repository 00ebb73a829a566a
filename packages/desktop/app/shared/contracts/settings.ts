import { z } from 'zod';
import { MIRROR_URL_MAX_LENGTH, PATH_MAX_LENGTH, SYSTEM_PROMPT_MAX_LENGTH, URL_MAX_LENGTH } from './limits';
import { hasProtocol, isAbsolutePath } from './mcp-types';
import { hasControlCharacters } from './names';

export const LANGUAGES = ['en', 'zh', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** 'system' follows the operating system's (or browser's) language, falling back to English. */
export const languagePreferenceSchema = z.enum(['system', ...LANGUAGES]);
export type LanguagePreference = z.infer<typeof languagePreferenceSchema>;

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** 'system' follows the operating system's light or dark appearance (prefers-color-scheme). */
export const themePreferenceSchema = z.enum(['system', ...THEMES]);
export type ThemePreference = z.infer<typeof themePreferenceSchema>;

export interface AppSettings {
  language: LanguagePreference;
  theme: ThemePreference;
}

export const DEFAULT_SETTINGS: AppSettings = { language: 'system', theme: 'system' };

/** Picks the supported language for a BCP 47 tag such as `ja-JP` or `zh-Hans-CN`. */
export function matchLanguage(tag: string | undefined): Language {
  const primary = (tag ?? '').toLowerCase().split(/[-_.]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : 'en';
}


/**
 * Where stdio servers download packages from, when not the public registries: an npm registry
 * mirror for `npx` and a Python package index for `uvx` (npmmirror and TUNA for
 * users in China). Empty means the default. Messages are validation codes, as in mcp-types.ts.
 */
const mirrorUrl = z
  .string({ error: 'invalidType' })
  .trim()
  .max(MIRROR_URL_MAX_LENGTH, { error: 'tooLong' })
  .refine((v) => v === '' || hasProtocol(v, ['http:', 'https:']), { error: 'invalidHttpUrl' })
  .default('');

export const packageMirrorsSchema = z.strictObject({ npmRegistry: mirrorUrl, pythonIndex: mirrorUrl });
export type PackageMirrors = z.output<typeof packageMirrorsSchema>;
export const DEFAULT_PACKAGE_MIRRORS: PackageMirrors = { npmRegistry: '', pythonIndex: '' };

/** The variables npm, npx, uv and pip read for the mirrors; what is left empty sets nothing. */
export function packageMirrorEnv(mirrors: PackageMirrors): Record<string, string> {
  const env: Record<string, string> = {};
  if (mirrors.npmRegistry) env.npm_config_registry = mirrors.npmRegistry;
  if (mirrors.pythonIndex) {
    // uv 0.4.23+ reads UV_DEFAULT_INDEX, older uv UV_INDEX_URL; pip (what some servers shell out to) PIP_INDEX_URL.
    env.UV_DEFAULT_INDEX = mirrors.pythonIndex;
    env.UV_INDEX_URL = mirrors.pythonIndex;
    env.PIP_INDEX_URL = mirrors.pythonIndex;
  }
  return env;
}


/**
 * The folder the built-in `files` server may read in chats ('' = the server is not offered). Main
 * also checks that it exists and is a folder (`folderNotFound`).
 */
export const filesFolderSchema = z.strictObject({
  folder: z
    .string({ error: 'invalidType' })
    .trim()
    .max(PATH_MAX_LENGTH, { error: 'tooLong' })
    .refine((v) => v === '' || isAbsolutePath(v), { error: 'absolutePath' }),
});

/**
 * The MCP Registry the browser searches (`registry.url`): an http(s) base URL of a registry speaking
 * the `/v0.1` API ('' = the official one, DEFAULT_REGISTRY_URL in registry.ts).
 */
export const registryUrlSchema = z.strictObject({
  url: z
    .string({ error: 'invalidType' })
    .trim()
    .max(URL_MAX_LENGTH, { error: 'tooLong' })
    .refine((v) => v === '' || hasProtocol(v, ['http:', 'https:']), { error: 'invalidHttpUrl' }),
});

/** The system prompt new conversations start with (Settings → General); '' = none. */
export const systemPromptSchema = z.strictObject({
  systemPrompt: systemPromptText(),
});

/** A system prompt (Settings → General's default, a conversation's own): '' = none. */
export function systemPromptText() {
  return z
    .string({ error: 'invalidType' })
    .trim()
    .max(SYSTEM_PROMPT_MAX_LENGTH, { error: 'tooLong' })
    .refine((text) => !hasControlCharacters(text), { error: 'controlCharacters' });
}
