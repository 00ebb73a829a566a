/**
 * Secret references in env values and header values: `${env:NAME}` (read from the environment when
 * the server starts) and `${input:id}` (a value the user is asked for once, stored sealed), in VS
 * Code's `inputs` shape. A project file or an export can then be shared without the secrets.
 *
 * Runtime-neutral: imports nothing. The main process resolves references when a server starts; the
 * form, imports and project files use `secretRefsOf` to check them.
 */

export type SecretRefKind = 'env' | 'input';

export interface SecretRef {
  kind: SecretRefKind;
  /** The variable name (env) or the input id (input). */
  name: string;
  /** The reference as written, e.g. `${env:GITHUB_TOKEN}`. */
  text: string;
}

/** A `${…}` placeholder whose kind Elftia does not know (`${secret:x}`, `${env:}`). */
export interface UnknownSecretRef {
  text: string;
}

/** `${env:NAME}` and `${input:id}`; names are what an env variable or a VS Code input id may be. */
const REF = /\$\{([A-Za-z]+):([^}\s]*)\}/g;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const INPUT_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/** The references in `value`, in order, and the placeholders that look like one but are not valid. */
export function secretRefsOf(value: string): { refs: SecretRef[]; unknown: UnknownSecretRef[] } {
  const refs: SecretRef[] = [];
  const unknown: UnknownSecretRef[] = [];
  for (const match of value.matchAll(REF)) {
    const [text, kind, name] = match as unknown as [string, string, string];
    if (kind === 'env' && ENV_NAME.test(name)) refs.push({ kind: 'env', name, text });
    else if (kind === 'input' && INPUT_ID.test(name)) refs.push({ kind: 'input', name, text });
    else unknown.push({ text });
  }
  return { refs, unknown };
}

/** Replaces each valid reference with `lookup`'s value; a reference `lookup` cannot answer stays as written. */
export function replaceSecretRefs(value: string, lookup: (ref: SecretRef) => string | undefined): string {
  return value.replace(REF, (text: string, kind: string, name: string) => {
    const ref = kind === 'env' && ENV_NAME.test(name) ? { kind: 'env' as const, name, text } : kind === 'input' && INPUT_ID.test(name) ? { kind: 'input' as const, name, text } : undefined;
    if (!ref) return text;
    return lookup(ref) ?? text;
  });
}
