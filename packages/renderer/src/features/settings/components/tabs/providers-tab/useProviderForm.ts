import type { ProviderInputParsed } from '@elftia/desktop/shared/contracts/providers.ts';
import type { FormFieldError } from '../tools-tab/types';
import { useValidatedForm, type ValidatedFormState } from '../../../../../lib/useValidatedForm';
import { mapProviderFieldErrors, type ProviderFieldKey, type ProviderFormValues, validateProviderForm } from './providerFormModel';

export type ProviderFormState = ValidatedFormState<ProviderFormValues, ProviderFieldKey, FormFieldError>;

/** The provider form's state: the shared form state machine (useValidatedForm) over the provider schema. */
export function useProviderForm(initial: ProviderFormValues, onSubmit: (input: ProviderInputParsed) => Promise<unknown>, onDone: () => void): ProviderFormState {
  return useValidatedForm({ initial, validate: validateProviderForm, mapServerErrors: mapProviderFieldErrors, onSubmit, onDone });
}
