/**
 * Translates error codes outside the renderer (the CLI, the Electron shell's startup dialog) from
 * the same locales/<lng>/common/errors.json the renderer uses, so a DB_CORRUPT reads the same
 * everywhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { formatByteSize } from '../../shared/contracts/attachments';
import type { AppErrorData } from '../../shared/contracts/errors';
import { failureReasonKey } from '../../shared/contracts/mcp-connection';
import { type Language, matchLanguage } from '../../shared/contracts/settings';
import { AppError } from '../lib/errors';
import { appErrorData } from '../routers/trpc';
import { SecretStoreError } from '../db/SecretStore';

type Catalog = { [key: string]: string | Catalog };

/**
 * The language of a POSIX environment: LC_ALL, then LC_MESSAGES, then LANG (an empty value counts
 * as unset, as in POSIX). `C` and `POSIX` — and anything unsupported — give English.
 */
export function languageFromEnv(env: NodeJS.ProcessEnv): Language {
  const tag = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== '');
  return matchLanguage(tag);
}

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** Keys without a `namespace:` prefix are looked up here (the error catalog the renderer shares). */
const DEFAULT_NAMESPACE = 'common/errors';

/**
 * `t('errors.DB_CORRUPT', { path })` reads locales/<lng>/common/errors.json;
 * `t('cli/messages:add.added', …)` reads locales/<lng>/cli/messages.json (the i18next
 * `namespace:key` form the renderer uses). Falls back to English, then to the key itself.
 */
export function createTranslator(localesDir: string, language: Language): Translate {
  const catalogs = new Map<string, Catalog[]>();
  const catalogsOf = (namespace: string): Catalog[] => {
    let found = catalogs.get(namespace);
    if (!found) {
      found = [readCatalog(localesDir, language, namespace), language === 'en' ? {} : readCatalog(localesDir, 'en', namespace)];
      catalogs.set(namespace, found);
    }
    return found;
  };
  return (key, params = {}) => {
    const colon = key.indexOf(':');
    const namespace = colon >= 0 ? key.slice(0, colon) : DEFAULT_NAMESPACE;
    const keyPath = key.slice(colon + 1);
    const template = catalogsOf(namespace).map((catalog) => lookup(catalog, keyPath)).find((value) => value !== undefined) ?? key;
    return template.replace(/\{\{\s*(\w+)(?:\s*,\s*(\w+))?\s*\}\}/g, (whole, name: string, format: string | undefined) => {
      if (!(name in params)) return whole;
      const value = params[name];
      // The one format the locale files use (i18next's `{{max, size}}` in the renderer).
      return format === 'size' && typeof value === 'number' ? formatByteSize(value, language) : String(value);
    });
  };
}

function readCatalog(localesDir: string, language: Language, namespace: string): Catalog {
  try {
    return JSON.parse(fs.readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Catalog;
  } catch {
    return {};
  }
}

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The translatable part of anything thrown by the services or the router. */
export function toAppErrorData(error: unknown): AppErrorData {
  if (error instanceof AppError) return error.toData();
  if (error instanceof TRPCError) return appErrorData(error);
  if (error instanceof SecretStoreError) return error.toData();
  return { code: 'INTERNAL' };
}

export interface TranslatedFieldError {
  field: string;
  code: string;
  message: string;
  /** A tool's argument problem in the JSON Schema validator's words (see FieldError.reason). */
  reason?: string;
}

export interface TranslatedError {
  code: string;
  message: string;
  fieldErrors: TranslatedFieldError[];
}

/**
 * An error code's message, followed by what happened when the parameters name it (an exit code, a
 * reset, the failure behind NOT_CONNECTED), as the renderer's errorText shows it.
 */
export function errorMessage(t: Translate, code: string, params: Record<string, string | number> = {}): string {
  const message = t(`errors.${code}`, params);
  const reasonKey = failureReasonKey(params);
  return reasonKey === undefined ? message : t('withReason', { message, reason: t(reasonKey, params) });
}

export function translateError(data: AppErrorData, t: Translate): TranslatedError {
  return {
    code: data.code,
    message: errorMessage(t, data.code, data.params),
    fieldErrors: (data.fieldErrors ?? []).map((e) => ({
      field: e.field,
      code: e.code,
      message: t(`validation.${e.code}`, e.params),
      ...(e.reason !== undefined ? { reason: e.reason } : {}),
    })),
  };
}
