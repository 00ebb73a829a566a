/**
 * McpServerForm's front-end types. The submitted shape is the shared McpServerInput
 * (shared/contracts/mcp-types.ts); these describe what the form holds while the user edits.
 */
import type { McpServerInputParsed, McpServerTransport, ValidationCode } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import type { DisplayError } from '../../../../../lib/appError';

/** One row of a single-value list (an argument, a watch path). */
export interface ArgumentRow {
  /** Stable React key; rows are added and removed in the middle. */
  id: string;
  value: string;
}

export interface KeyValueRow {
  id: string;
  key: string;
  /** SECRET_SET while a stored (write-only) value is kept. */
  value: string;
  /** The row came with a stored secret: its value is not shown, and emptying the field keeps it. */
  stored?: boolean;
  /**
   * An environment variable copied from the app's environment when the form is saved (`copyEnv`):
   * main resolves it, so the form never holds the value and `value` stays empty.
   */
  copied?: boolean;
}

/**
 * What the form edits. Every transport's fields are kept, so switching the transport and back loses
 * nothing; only the selected transport's fields are submitted.
 */
export interface McpServerFormValues {
  name: string;
  type: McpServerTransport;
  command: string;
  args: ArgumentRow[];
  env: KeyValueRow[];
  /** Files or folders whose change restarts a stdio server. */
  watchPaths: ArgumentRow[];
  /** A stdio server gets the app's whole environment instead of the allowlist. */
  inheritEnv: boolean;
  url: string;
  headers: KeyValueRow[];
  /** As typed, so "abc" or "" reports an error instead of silently becoming a number. */
  timeoutSec: string;
  enabled: boolean;
  /**
   * HTTP/SSE: a client id the user registered with the server's sign-in service (OAuth), saved
   * through mcp.auth.setClient after the server; empty leaves what is stored (dynamic registration).
   */
  oauthClientId: string;
  /** Write-only, like the headers' secrets: never read back into the form. */
  oauthClientSecret: string;
}

/** What the form's OAuth client fields ask to store, when an id was typed. */
export interface OAuthClientSubmit {
  clientId: string;
  clientSecret?: string;
}

/** The shared schema's codes plus the form's own; each has `validation.<code>` in common/errors. */
export type FormErrorCode = ValidationCode | 'duplicateKey';

export interface FormFieldError {
  code: FormErrorCode;
  params?: Record<string, string | number>;
}

export type RowListName = TextRowListName | 'env' | 'headers';

/** The lists of single values (ArgumentRow). */
export type TextRowListName = 'args' | 'watchPaths';

/**
 * Where an error shows: a top-level field, one row of a list (`env:<row id>`), or the form as a whole
 * for an error no field owns.
 */
export type FieldKey = 'name' | 'type' | 'command' | 'url' | 'timeoutSec' | 'enabled' | 'inheritEnv' | `${RowListName}:${string}` | 'form';

export type FormErrors = Partial<Record<FieldKey, FormFieldError>>;

export type FormValidation = { ok: true; value: McpServerInputParsed } | { ok: false; errors: FormErrors };

/** What the dialog is for. */
export type McpServerFormMode = { kind: 'add' } | { kind: 'edit'; id: string };

/** What submitting the form does; a rejection with the router's VALIDATION error is shown inline. */
export type McpServerFormSubmit = (input: McpServerInputParsed, oauthClient?: OAuthClientSubmit) => Promise<unknown>;

/** A failure that belongs to no field (not found, connection lost, …). */
export type FormFailure = DisplayError;
