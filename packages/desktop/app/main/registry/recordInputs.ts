/**
 * The values a registry record asks the user for at install (serverJsonToConfig.ts): each input,
 * header, argument and `{variable}` as a RegistryInputField, the answer or its default filled into
 * the record's value templates, and the checks an answer must pass. Pure.
 */
import type { FieldError } from '../../shared/contracts/mcp-types';
import type { RegistryInputField } from '../../shared/contracts/registry';
import type { RecordInput } from './registryRecord';

/** A value the record fixes or asks for, and how the answers fill it in. */
export interface Slot {
  fields: RegistryInputField[];
  /** The value with the answers in; undefined when nothing is set (an optional value left empty). */
  resolve(answers: Answers): string | undefined;
}

export type Answers = ReadonlyMap<string, string>;

const FORMATS = new Set(['string', 'number', 'boolean', 'filepath']);
export const VARIABLE = /\{([^{}]+)\}/g;

export function fieldOf(key: string, label: string, input: RecordInput): RegistryInputField {
  const field: RegistryInputField = { key, label, required: input.isRequired ?? false, secret: input.isSecret ?? false };
  if (input.description) field.description = input.description;
  if (input.default !== undefined) field.default = input.default;
  if (input.choices && input.choices.length > 0) field.choices = input.choices;
  if (input.format && FORMATS.has(input.format)) field.format = input.format as NonNullable<RegistryInputField['format']>;
  return field;
}

/** The answer, else the default; undefined when neither is there. */
export function answerOf(answers: Answers, field: RegistryInputField): string | undefined {
  const answer = answers.get(field.key);
  if (answer !== undefined && answer.trim() !== '') return answer;
  return field.default;
}

/**
 * A value of the record: asked for when the record has none; a fixed `value` with `{variables}`
 * asks for each variable it declares (`<key>.<variable>`); others stay as written.
 */
export function slotOf(key: string, label: string, item: RecordInput & { variables?: Record<string, RecordInput> }): Slot {
  if (item.value === undefined) {
    const field = fieldOf(key, label, item);
    return { fields: [field], resolve: (answers) => answerOf(answers, field) };
  }
  const template = item.value;
  const declared = item.variables ?? {};
  const fields = new Map<string, RegistryInputField>();
  for (const [, variable] of template.matchAll(VARIABLE)) {
    const spec = variable !== undefined ? declared[variable] : undefined;
    if (variable !== undefined && spec && !fields.has(variable)) {
      // A secret header or variable keeps its secrecy for the parts it is made of.
      fields.set(variable, fieldOf(`${key}.${variable}`, variable, { ...spec, isSecret: (spec.isSecret ?? false) || (item.isSecret ?? false) }));
    }
  }
  return {
    fields: [...fields.values()],
    resolve: (answers) => substitute(template, (variable) => {
      const field = fields.get(variable);
      return field ? (answerOf(answers, field) ?? '') : undefined;
    }),
  };
}

/** `{name}` replaced where `lookup` knows it; left as written otherwise (as the schema says). */
export function substitute(template: string, lookup: (name: string) => string | undefined): string {
  return template.replace(VARIABLE, (text: string, name: string) => lookup(name) ?? text);
}

/** Each answer checked against its field: required, one of the choices, a number or boolean when so declared. */
export function checkAnswers(fields: readonly RegistryInputField[], answers: Answers): FieldError[] {
  const errors: FieldError[] = [];
  const known = new Set(fields.map((field) => field.key));
  for (const key of answers.keys()) if (!known.has(key)) errors.push({ field: `inputs.${key}`, code: 'unknownField' });
  for (const field of fields) {
    const value = answerOf(answers, field);
    const at = `inputs.${field.key}`;
    if (value === undefined) {
      if (field.required) errors.push({ field: at, code: 'required' });
    } else if (field.choices && !field.choices.includes(value)) {
      errors.push({ field: at, code: 'invalid' });
    } else if (field.format === 'number' && !Number.isFinite(Number(value))) {
      errors.push({ field: at, code: 'invalid' });
    } else if (field.format === 'boolean' && value !== 'true' && value !== 'false') {
      errors.push({ field: at, code: 'invalid' });
    }
  }
  return errors;
}

/**
 * A value that reads `${env:…}` or `${input:…}` when the server starts, though the user typed no
 * reference: the record built it from harmless-looking parts (`{a}{b}` with defaults `$` and
 * `{env:KEY}`), and it would hand the user's environment to the server. The schema refuses a
 * reference written whole; this catches one put together.
 */
export function spelledReference(values: readonly string[], answers: Record<string, string>): string | undefined {
  const typed = Object.values(answers);
  for (const value of values) {
    for (const [reference] of value.matchAll(SPELLED_REFERENCE)) if (!typed.some((answer) => answer.includes(reference))) return reference;
  }
  return undefined;
}

/** A whole reference as secret-refs.ts reads one. */
const SPELLED_REFERENCE = /\$\{[A-Za-z]+:[^}\s]*\}/g;
