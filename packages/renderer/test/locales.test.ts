// @vitest-environment node
/**
 * Every user-facing string is an i18n key present in en, zh and ja, checked
 * the way Signal's valid-i18n-keys rule does: same files, same keys, same {{placeholders}}, and every
 * literal key in the renderer's source exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_ERROR_CODES } from '@elftia/desktop/shared/contracts/errors.ts';
import { MCP_FAILURE_CAUSES } from '@elftia/desktop/shared/contracts/mcp-connection.ts';
import { LANGUAGES } from '@elftia/desktop/shared/contracts/settings.ts';
import type { DisplayErrorCode } from '../src/lib/appError';
import { localeResources } from '../src/lib/i18n';
import type { FormErrorCode } from '../src/features/settings/components/tabs/tools-tab/types';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const localesDir = path.join(repoRoot, 'locales');
const srcDir = fileURLToPath(new URL('../src', import.meta.url));

function walk(dir: string, extension: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full, extension);
    return entry.name.endsWith(extension) ? [full] : [];
  });
}

/** `{ "a": { "b": "x" } }` → `{ "a.b": "x" }`. */
function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { [prefix]: value };
  return Object.assign({}, ...Object.entries(value).map(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key)));
}

function namespacesOf(language: string): string[] {
  const dir = path.join(localesDir, language);
  return walk(dir, '.json')
    .map((file) => path.relative(dir, file).replaceAll(path.sep, '/').replace(/\.json$/, ''))
    .sort();
}

function load(language: string, namespace: string): Record<string, unknown> {
  return flatten(JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)(?:\s*,\s*\w+)?\s*\}\}/g)].map((m) => m[1]).sort();

const namespaces = namespacesOf('en');

describe('locale files', () => {
  it('has the same files in every language', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) expect(namespacesOf(language), language).toEqual(namespaces);
  });

  it.each(namespaces)('%s has the same keys, all non-empty strings, in every language', (namespace) => {
    const english = Object.keys(load('en', namespace)).sort();
    for (const language of LANGUAGES) {
      const messages = load(language, namespace);
      expect(Object.keys(messages).sort(), `${language}/${namespace}`).toEqual(english);
      for (const [key, text] of Object.entries(messages)) {
        expect(typeof text === 'string' && text.trim().length > 0, `${language}/${namespace}:${key}`).toBe(true);
      }
    }
  });

  it.each(namespaces)('%s uses the same {{placeholders}} in every language', (namespace) => {
    const english = load('en', namespace);
    for (const language of LANGUAGES) {
      const messages = load(language, namespace);
      for (const [key, text] of Object.entries(english)) {
        expect(placeholders(String(messages[key])), `${language}/${namespace}:${key}`).toEqual(placeholders(String(text)));
      }
    }
  });

  it('is what the bundle loads (the import.meta.glob in lib/i18n.ts)', () => {
    const resources = localeResources();
    for (const language of LANGUAGES) expect(Object.keys(resources[language] ?? {}).sort(), language).toEqual(namespaces);
  });
});

describe('keys used by the renderer', () => {
  const sources = walk(srcDir, '.tsx').concat(walk(srcDir, '.ts'));
  const english = new Map(namespaces.map((namespace) => [namespace, load('en', namespace)]));

  // Any string literal shaped like a fully qualified key: 'settings/tools:form.name'. This also
  // catches keys kept in tables (labels, status names) and passed to t() later.
  const KEY_LITERAL = /['"`]((?:[a-z]+\/)+[a-z][\w-]*):([\w.]+)['"`]/g;
  const used = sources.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(KEY_LITERAL)].map((m) => ({ file: path.relative(srcDir, file), namespace: m[1]!, key: m[2]! })),
  );

  it('finds the keys (the scan is not vacuous)', () => {
    expect(used.length).toBeGreaterThan(60);
  });

  it('every literal key exists in English', () => {
    const missing = used.filter(({ namespace, key }) => english.get(namespace)?.[key] === undefined);
    expect(missing).toEqual([]);
  });

  it('every literal t() call names its namespace', () => {
    const bare = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"`]([^'"`]*)['"`]/g)].filter((m) => !m[1]!.includes(':')).map((m) => `${path.relative(srcDir, file)}: ${m[1]}`),
    );
    expect(bare).toEqual([]);
  });

  it('has a message for every error code the renderer can show', () => {
    const errors = english.get('common/errors') ?? {};
    // Typed as complete Records, so adding a code to the contract without a message fails tsc.
    const displayCodes: Record<DisplayErrorCode, true> = {
      ...(Object.fromEntries(APP_ERROR_CODES.map((code) => [code, true])) as Record<(typeof APP_ERROR_CODES)[number], true>),
      CONNECTION_LOST: true,
    };
    const validationCodes: Record<FormErrorCode, true> = {
      required: true,
      tooLong: true,
      tooMany: true,
      tooLarge: true,
      invalidCharacters: true,
      duplicate: true,
      confusable: true,
      invalidHttpUrl: true,
      invalidWsUrl: true,
      absolutePath: true,
      folderNotFound: true,
      envNotSet: true,
      timeoutRange: true,
      integer: true,
      invalidEnvKey: true,
      invalidHeaderName: true,
      invalidHeaderValue: true,
      nulCharacter: true,
      controlCharacters: true,
      invalidApiKey: true,
      secretInUrl: true,
      unknownField: true,
      invalidType: true,
      invalidTransport: true,
      invalid: true,
      duplicateKey: true,
      wrongType: true,
      outOfRange: true,
      tooShort: true,
      tooFewItems: true,
      tooManyItems: true,
      notAllowed: true,
      wrongFormat: true,
      patternMismatch: true,
      secretNotKept: true,
      reenterForNewAddress: true,
      notInModels: true,
      unsupportedImageType: true,
      notBase64: true,
      notAnImage: true,
      notText: true,
      fileTooLarge: true,
      textFileTooLong: true,
      tooManyFiles: true,
      attachmentsTooLarge: true,
      jsonSyntax: true,
      conflictingFields: true,
      undeclaredInput: true,
      unknownReference: true,
      noServers: true,
    };
    for (const code of Object.keys(displayCodes)) expect(errors[`errors.${code}`], code).toBeTypeOf('string');
    for (const cause of MCP_FAILURE_CAUSES) expect(errors[`causes.${cause}`], cause).toBeTypeOf('string');
    for (const code of Object.keys(validationCodes)) expect(errors[`validation.${code}`], code).toBeTypeOf('string');
  });
});
