/**
 * `${input:id}` values (secret-refs.ts): what the user is asked for once and what is listed of them.
 * Runtime-neutral: imports only zod. Values go one way, renderer → main; a listing says only whether
 * a value is set.
 */
import { z } from 'zod';

/** The longest value an input may hold (a token, a password, a connection string). */
export const SECRET_INPUT_VALUE_MAX_LENGTH = 8192;
const INPUT_ID = /^[A-Za-z0-9_.-]{1,64}$/;

export const secretInputIdSchema = z.string().max(64).regex(INPUT_ID);

/** A declared input (VS Code's `inputs` entry of type promptString). */
export const secretInputDefinitionSchema = z.object({
  id: secretInputIdSchema,
  description: z.string().max(500).default(''),
  password: z.boolean().default(true),
});
export type SecretInputDefinition = z.infer<typeof secretInputDefinitionSchema>;

export const secretInputSetSchema = z.object({ id: secretInputIdSchema, value: z.string().min(1).max(SECRET_INPUT_VALUE_MAX_LENGTH) });
export const secretInputIdInputSchema = z.object({ id: secretInputIdSchema });

/** An input as listed: its definition, whether a value is stored, and the servers that reference it. */
export interface SecretInputView extends SecretInputDefinition {
  set: boolean;
  servers: string[];
}
