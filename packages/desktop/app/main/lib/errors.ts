import type { AppErrorCode, AppErrorData } from '../../shared/contracts/errors';
import type { FieldError } from '../../shared/contracts/mcp-types';

/**
 * An error the user can be shown: a stable code plus parameters, translated by whoever displays it
 * (the renderer, the CLI). `cause` stays in main for the logs.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly params: Record<string, string | number> | undefined;
  readonly fieldErrors: FieldError[] | undefined;

  constructor(code: AppErrorCode, options: { params?: Record<string, string | number>; fieldErrors?: FieldError[]; cause?: unknown; message?: string } = {}) {
    super(options.message ?? code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.params = options.params;
    this.fieldErrors = options.fieldErrors;
  }

  static validation(fieldErrors: FieldError[]): AppError {
    return new AppError('VALIDATION', { fieldErrors, message: `invalid: ${fieldErrors.map((e) => `${e.field} (${e.code})`).join(', ')}` });
  }

  toData(): AppErrorData {
    const data: AppErrorData = { code: this.code };
    if (this.params) data.params = this.params;
    if (this.fieldErrors) data.fieldErrors = this.fieldErrors;
    return data;
  }
}
