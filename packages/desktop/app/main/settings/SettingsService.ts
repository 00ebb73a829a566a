import { EventEmitter } from 'node:events';
import { toFieldErrors } from '../../shared/contracts/mcp-types';
import { isFolder } from '../lib/isFolder';
import {
  type AppSettings,
  DEFAULT_PACKAGE_MIRRORS,
  DEFAULT_SETTINGS,
  type LanguagePreference,
  languagePreferenceSchema,
  filesFolderSchema,
  type ThemePreference,
  themePreferenceSchema,
  type PackageMirrors,
  packageMirrorsSchema,
  registryUrlSchema,
  systemPromptSchema,
} from '../../shared/contracts/settings';
import { DEFAULT_REGISTRY_URL } from '../../shared/contracts/registry';
import { AppError } from '../lib/errors';
import type { SettingsRepository } from '../db/SettingsRepository';

/** App-wide preferences. Unknown or damaged stored values fall back to the default, key by key. */
export class SettingsService {
  readonly #repository: SettingsRepository;
  readonly #events = new EventEmitter();

  constructor(repository: SettingsRepository) {
    this.#repository = repository;
  }

  get(): AppSettings {
    const language = languagePreferenceSchema.safeParse(this.#repository.get('language'));
    const theme = themePreferenceSchema.safeParse(this.#repository.get('theme'));
    return {
      ...DEFAULT_SETTINGS,
      ...(language.success ? { language: language.data } : {}),
      ...(theme.success ? { theme: theme.data } : {}),
    };
  }

  setLanguage(language: LanguagePreference): AppSettings {
    this.#repository.set('language', language);
    this.#events.emit('change');
    return this.get();
  }

  setTheme(theme: ThemePreference): AppSettings {
    this.#repository.set('theme', theme);
    this.#events.emit('change');
    return this.get();
  }

  /** The package mirrors stdio servers download from; damaged stored values read as the defaults. */
  getPackageMirrors(): PackageMirrors {
    const stored = packageMirrorsSchema.safeParse(this.#repository.get('packageMirrors') ?? {});
    return stored.success ? stored.data : { ...DEFAULT_PACKAGE_MIRRORS };
  }

  /** Replaces the mirrors; VALIDATION names each bad field, and nothing is stored then. */
  setPackageMirrors(raw: unknown): PackageMirrors {
    const parsed = packageMirrorsSchema.safeParse(raw);
    if (!parsed.success) throw AppError.validation(toFieldErrors(parsed.error));
    this.#repository.set('packageMirrors', parsed.data);
    this.#events.emit('change');
    return this.getPackageMirrors();
  }

  /** The folder the built-in `files` server may read; '' when none was chosen. */
  getFilesFolder(): string {
    const stored = filesFolderSchema.safeParse({ folder: this.#repository.get('filesFolder') ?? '' });
    return stored.success ? stored.data.folder : '';
  }

  /** Sets (or, with '', clears) that folder; VALIDATION when it is not an absolute path to an existing folder. */
  setFilesFolder(raw: unknown): string {
    const parsed = filesFolderSchema.safeParse(raw);
    if (!parsed.success) throw AppError.validation(toFieldErrors(parsed.error));
    const { folder } = parsed.data;
    if (folder !== '' && !isFolder(folder)) throw AppError.validation([{ field: 'folder', code: 'folderNotFound' }]);
    this.#repository.set('filesFolder', folder);
    this.#events.emit('change');
    return folder;
  }

  /** The system prompt new conversations start with; '' when none (damaged stored values read as none). */
  getSystemPrompt(): string {
    const stored = systemPromptSchema.safeParse({ systemPrompt: this.#repository.get('systemPrompt') ?? '' });
    return stored.success ? stored.data.systemPrompt : '';
  }

  /** Sets (or, with '', clears) the default system prompt; VALIDATION `systemPrompt` tooLong, nothing stored then. */
  setSystemPrompt(raw: unknown): string {
    const parsed = systemPromptSchema.safeParse(raw);
    if (!parsed.success) throw AppError.validation(toFieldErrors(parsed.error));
    this.#repository.set('systemPrompt', parsed.data.systemPrompt);
    this.#events.emit('change');
    return parsed.data.systemPrompt;
  }

  /** The MCP Registry the browser searches (`registry.url`); the official one unless set (damaged values read as unset). */
  getRegistryUrl(): string {
    const stored = registryUrlSchema.safeParse({ url: this.#repository.get('registry.url') ?? '' });
    return stored.success && stored.data.url !== '' ? stored.data.url : DEFAULT_REGISTRY_URL;
  }

  /** Sets (or, with '', resets to the official one) the registry; VALIDATION `url` when it is not an http(s) URL. */
  setRegistryUrl(raw: unknown): string {
    const parsed = registryUrlSchema.safeParse(raw);
    if (!parsed.success) throw AppError.validation(toFieldErrors(parsed.error));
    this.#repository.set('registry.url', parsed.data.url);
    this.#events.emit('change');
    return this.getRegistryUrl();
  }

  onChange(listener: () => void): () => void {
    this.#events.on('change', listener);
    return () => this.#events.off('change', listener);
  }

  notifyExternalChange(): void {
    this.#events.emit('change');
  }
}
