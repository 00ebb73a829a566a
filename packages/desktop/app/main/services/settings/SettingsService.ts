import { EventEmitter } from 'node:events';
import { type AppSettings, DEFAULT_SETTINGS, type LanguagePreference, languagePreferenceSchema } from '../../../shared/contracts/settings';
import type { SettingsRepository } from '../../db/SettingsRepository';

/** App-wide preferences. Unknown or damaged stored values fall back to the default, key by key. */
export class SettingsService {
  readonly #repository: SettingsRepository;
  readonly #events = new EventEmitter();

  constructor(repository: SettingsRepository) {
    this.#repository = repository;
  }

  get(): AppSettings {
    const language = languagePreferenceSchema.safeParse(this.#repository.get('language'));
    return { ...DEFAULT_SETTINGS, ...(language.success ? { language: language.data } : {}) };
  }

  setLanguage(language: LanguagePreference): AppSettings {
    this.#repository.set('language', language);
    this.#events.emit('change');
    return this.get();
  }

  onChange(listener: () => void): () => void {
    this.#events.on('change', listener);
    return () => this.#events.off('change', listener);
  }

  notifyExternalChange(): void {
    this.#events.emit('change');
  }
}
