import { useValidatedForm, type ValidatedFormState } from '../../../../../lib/useValidatedForm';
import { mapFieldErrors, validateForm } from './formModel';
import type { FieldKey, FormFieldError, McpServerFormSubmit, McpServerFormValues } from './types';

export type McpServerFormState = ValidatedFormState<McpServerFormValues, FieldKey, FormFieldError>;

/** The MCP server form's state: the shared form state machine (useValidatedForm) over the MCP schema. */
export function useMcpServerForm(initial: McpServerFormValues, onSubmit: McpServerFormSubmit, onDone: () => void): McpServerFormState {
  return useValidatedForm({ initial, validate: validateForm, mapServerErrors: mapFieldErrors, onSubmit, onDone });
}
