import type { SecretInputDefinition, SecretInputView } from '../../shared/contracts/secret-inputs';
import type { SecretInputRepository } from '../db/SecretInputRepository';

export interface SecretInputServiceOptions {
  repository: SecretInputRepository;
  /** Input id → the names of the servers whose config references it (read at each list). */
  references: () => Map<string, string[]>;
  now?: () => Date;
}

/**
 * `${input:id}` values: listed (without values), entered once, cleared. An id a server references
 * but nobody declared is a password input without a description (what the form's references make).
 */
export class SecretInputService {
  readonly #listeners = new Set<(id: string) => void>();

  constructor(private readonly options: SecretInputServiceOptions) {}

  list(): SecretInputView[] {
    const stored = new Map(this.options.repository.list().map((input) => [input.id, input]));
    const references = this.options.references();
    const ids = [...new Set([...stored.keys(), ...references.keys()])].sort((a, b) => a.localeCompare(b, 'en'));
    return ids.map((id) => {
      const input = stored.get(id);
      return { id, description: input?.description ?? '', password: input?.password ?? true, set: input?.set ?? false, servers: references.get(id) ?? [] };
    });
  }

  /** The stored value, main-side only (resolution at a server's start). */
  value(id: string): string | undefined {
    return this.options.repository.value(id);
  }

  /** How the user is asked for it: an undeclared id is a password without a description. */
  definition(id: string): { description: string; password: boolean } {
    const stored = this.options.repository.list().find((input) => input.id === id);
    return { description: stored?.description ?? '', password: stored?.password ?? true };
  }

  /** Definitions from an import or a project file's `inputs`; stored values are kept. */
  declare(definitions: readonly SecretInputDefinition[]): void {
    for (const definition of definitions) this.options.repository.declare(definition, this.#now());
  }

  set(id: string, value: string): void {
    this.options.repository.setValue(id, value, this.#now());
    this.#emit(id);
  }

  /** False when no value was stored. */
  clear(id: string): boolean {
    const cleared = this.options.repository.clearValue(id, this.#now());
    if (cleared) this.#emit(id);
    return cleared;
  }

  /** Called with the id after a value was entered or cleared. */
  onChange(listener: (id: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(id: string): void {
    for (const listener of this.#listeners) listener(id);
  }

  #now(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }
}
