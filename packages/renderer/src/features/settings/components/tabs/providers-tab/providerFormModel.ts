/**
 * Pure conversions for the provider form: what it holds while the user edits, what it submits
 * (ProviderInput), and where the shared schema's or the router's field errors belong. The schema
 * (providerInputSchema) is the single source of truth for what is valid.
 */
import type { FormFieldError } from '../tools-tab/types';
import { type FieldError, toFieldErrors } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { keyMustBeReentered, type ProviderInputParsed, providerInputSchema, type ProviderKind, type ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';

export interface ModelRow {
  /** Stable React key; rows are added and removed in the middle. */
  id: string;
  value: string;
}

export interface ProviderFormValues {
  name: string;
  kind: ProviderKind;
  baseUrl: string;
  /** Never prefilled: the key does not come back from main. Empty on edit keeps the stored key. */
  apiKey: string;
  models: ModelRow[];
  /** One of the models, the one new conversations start with; '' = the first of them. */
  defaultModel: string;
}

/** A top-level field, one model row (`models:<row id>`), or the form as a whole. */
export type ProviderFieldKey = 'name' | 'kind' | 'baseUrl' | 'apiKey' | 'models' | `models:${string}` | 'defaultModel' | 'form';

/** Codes are the shared schema's (validation.<code> in common/errors), as in the MCP server form. */
export type ProviderFormErrors = Partial<Record<ProviderFieldKey, FormFieldError>>;

export type ProviderFormValidation = { ok: true; value: ProviderInputParsed } | { ok: false; errors: ProviderFormErrors };

export type NewRowId = () => string;

export function rowIdGenerator(): NewRowId {
  let next = 0;
  return () => `model-${++next}`;
}

export function emptyProviderValues(newId: NewRowId): ProviderFormValues {
  return { name: '', kind: 'openai', baseUrl: '', apiKey: '', models: [{ id: newId(), value: '' }], defaultModel: '' };
}

export function toProviderValues(record: ProviderRecord, newId: NewRowId): ProviderFormValues {
  return {
    name: record.name,
    kind: record.kind,
    baseUrl: record.baseUrl ?? '',
    apiKey: '',
    models: record.models.length > 0 ? record.models.map((value) => ({ id: newId(), value })) : [{ id: newId(), value: '' }],
    defaultModel: record.defaultModel ?? '',
  };
}

const filledModels = (rows: ModelRow[]) => rows.filter((row) => row.value.trim() !== '');

/** The model names the form would submit, each once, as the schema trims them. */
export function filledModelNames(values: ProviderFormValues): string[] {
  return [...new Set(filledModels(values.models).map((row) => row.value.trim()))];
}

/**
 * Adds a model ticked in the provider's list (into the first empty row, else a new one) or removes
 * an unticked one (leaving one empty row rather than none, so there is still a field to type in).
 */
export function toggleModel(values: ProviderFormValues, model: string, add: boolean, newId: NewRowId): ProviderFormValues {
  if (add) {
    if (filledModelNames(values).includes(model)) return values;
    const empty = values.models.find((row) => row.value.trim() === '');
    const models = empty ? values.models.map((row) => (row === empty ? { ...row, value: model } : row)) : [...values.models, { id: newId(), value: model }];
    return { ...values, models };
  }
  const models = values.models.filter((row) => row.value.trim() !== model);
  return { ...values, models: models.length > 0 ? models : [{ id: newId(), value: '' }] };
}

/** What the form would submit. Empty optional fields are left out: an empty key means "keep". */
export function toProviderCandidate(values: ProviderFormValues): Record<string, unknown> {
  const candidate: Record<string, unknown> = {
    name: values.name,
    kind: values.kind,
    models: filledModels(values.models).map((row) => row.value),
  };
  if (values.baseUrl.trim() !== '') candidate.baseUrl = values.baseUrl;
  if (values.apiKey !== '') candidate.apiKey = values.apiKey;
  if (values.defaultModel !== '') candidate.defaultModel = values.defaultModel;
  return candidate;
}

const TOP_LEVEL = new Set<string>(['name', 'kind', 'baseUrl', 'apiKey', 'models', 'defaultModel']);

/** Places field errors: `models.2` on the third filled model row, a known field on itself, the rest on the form. */
export function mapProviderFieldErrors(values: ProviderFormValues, fieldErrors: readonly FieldError[]): ProviderFormErrors {
  const errors: ProviderFormErrors = {};
  for (const fieldError of fieldErrors) {
    const [head, rest] = fieldError.field.split('.', 2) as [string, string | undefined];
    let key: ProviderFieldKey = 'form';
    if (rest === undefined && TOP_LEVEL.has(head)) key = head as ProviderFieldKey;
    else if (head === 'models' && rest !== undefined) {
      const row = filledModels(values.models)[Number(rest)];
      if (row) key = `models:${row.id}`;
    }
    if (errors[key]) continue;
    errors[key] = fieldError.params ? { code: fieldError.code, params: fieldError.params } : { code: fieldError.code };
  }
  return errors;
}

/** Whether the stored key must be typed again: the kind or base URL differs from the stored provider's. */
export function mustReenterKey(values: ProviderFormValues, stored: ProviderRecord | undefined): boolean {
  return stored !== undefined && keyMustBeReentered(stored, { kind: values.kind, baseUrl: values.baseUrl, apiKey: values.apiKey });
}

/** The shared schema's verdict, plus (when editing `stored`) the key asked for again after an address change. */
export function validateProviderForm(values: ProviderFormValues, stored?: ProviderRecord): ProviderFormValidation {
  const parsed = providerInputSchema.safeParse(toProviderCandidate(values));
  const reenter: ProviderFormErrors = mustReenterKey(values, stored) ? { apiKey: { code: 'reenterForNewAddress' } } : {};
  if (parsed.success && !reenter.apiKey) return { ok: true, value: parsed.data };
  const schemaErrors = parsed.success ? {} : mapProviderFieldErrors(values, toFieldErrors(parsed.error));
  return { ok: false, errors: { ...reenter, ...schemaErrors } };
}
