/**
 * The form's values as the inputs hold them (numbers and date-times as typed text) and their
 * conversion to the content main validates: an empty input is a field left out.
 */
import type { ElicitField, ElicitValue } from '@elftia/desktop/shared/contracts/elicitation.ts';
import type { FieldError } from '@elftia/desktop/shared/contracts/mcp-types.ts';

export type InputValue = string | boolean | string[];

export function initialInputs(fields: readonly ElicitField[]): Record<string, InputValue> {
  const values: Record<string, InputValue> = {};
  for (const field of fields) {
    switch (field.kind) {
      case 'text':
        values[field.name] = field.format === 'date-time' && field.default ? toLocalInput(field.default) : (field.default ?? '');
        break;
      case 'number':
        values[field.name] = field.default === undefined ? '' : String(field.default);
        break;
      case 'boolean':
        values[field.name] = field.default ?? false;
        break;
      case 'choice':
        values[field.name] = field.default ?? '';
        break;
      case 'multi':
        values[field.name] = field.default ?? [];
        break;
      default:
        break;
    }
  }
  return values;
}

/** The content to send, or the fields whose text is not a value of their kind at all. */
export function contentOf(fields: readonly ElicitField[], inputs: Record<string, InputValue>): { content: Record<string, ElicitValue>; errors: FieldError[] } {
  const content: Record<string, ElicitValue> = {};
  const errors: FieldError[] = [];
  for (const field of fields) {
    const input = inputs[field.name];
    if (input === undefined || input === '') continue;
    if (field.kind === 'number' && typeof input === 'string') {
      const value = Number(input.trim());
      if (input.trim() === '' || !Number.isFinite(value)) errors.push({ field: field.name, code: 'wrongType', params: { type: field.integer ? 'integer' : 'number' } });
      else content[field.name] = value;
    } else if (field.kind === 'text' && field.format === 'date-time' && typeof input === 'string') {
      const date = new Date(input);
      content[field.name] = Number.isNaN(date.getTime()) ? input : date.toISOString();
    } else {
      content[field.name] = input;
    }
  }
  return { content, errors };
}

/** An ISO date-time as a datetime-local input shows it (local time, minutes). */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
