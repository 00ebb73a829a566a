import type { ProviderInputParsed, ProviderRecord } from '@elftia/desktop/shared/contracts/providers.ts';
import type { FormFieldError } from '../tools-tab/types';
import { useValidatedForm, type ValidatedFormState } from '../../../../../lib/useValidatedForm';
import { mapProviderFieldErrors, type ProviderFieldKey, type ProviderFormValues, validateProviderForm } from './providerFormModel';

export type ProviderFormState = ValidatedFormState<ProviderFormValues, ProviderFieldKey, FormFieldError>;

/**
 * The provider form's state: the shared form state machine (useValidatedForm) over the provider
 * schema; `stored` is the provider being edited, whose key must be typed again for a new address.
 */
export function useProviderForm(
  initial: ProviderFormValues,
  onSubmit: (input: ProviderInputParsed) => Promise<unknown>,
  onDone: () => void,
  stored?: ProviderRecord,
): ProviderFormState {
  return useValidatedForm({ initial, validate: (values) => validateProviderForm(values, stored), mapServerErrors: mapProviderFieldErrors, onSubmit, onDone });
}
