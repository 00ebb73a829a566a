/** The pure error mapping shared by the adapters, and each SDK's classifier on the SDK's own error objects. */
import Anthropic from '@anthropic-ai/sdk';
import { ApiError } from '@google/genai';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { classifyAnthropicError } from '../../app/main/completion/anthropic/AnthropicAdapter';
import { codeForFailure, codeForStatus, completionErrorData, type ProviderFailure } from '../../app/main/completion/errors';
import { classifyGeminiError, geminiMessage } from '../../app/main/completion/gemini/GeminiAdapter';
import { classifyOpenAIError } from '../../app/main/completion/openai/OpenAIAdapter';
import { CompletionError } from '../../app/main/completion/types';

describe('codeForStatus', () => {
  it.each([
    [400, 'PROVIDER_BAD_REQUEST'],
    [401, 'PROVIDER_AUTH'],
    [403, 'PROVIDER_AUTH'],
    [404, 'PROVIDER_BAD_REQUEST'],
    [422, 'PROVIDER_BAD_REQUEST'],
    [429, 'PROVIDER_RATE_LIMIT'],
    [500, 'PROVIDER_SERVER'],
    [529, 'PROVIDER_SERVER'],
  ] as const)('%i → %s', (status, code) => {
    expect(codeForStatus(status)).toBe(code);
  });
});

describe('codeForFailure', () => {
  it.each([
    [{ kind: 'connection', message: '' }, 'request', 'PROVIDER_NETWORK'],
    [{ kind: 'connection', message: '' }, 'stream', 'PROVIDER_MALFORMED_STREAM'],
    [{ kind: 'other', message: '' }, 'request', 'PROVIDER_NETWORK'],
    [{ kind: 'other', message: '' }, 'stream', 'PROVIDER_MALFORMED_STREAM'],
    [{ kind: 'event', type: 'overloaded_error', message: '' }, 'stream', 'PROVIDER_SERVER'],
    [{ kind: 'event', type: 'rate_limit_error', message: '' }, 'stream', 'PROVIDER_RATE_LIMIT'],
    [{ kind: 'event', type: 'invalid_request_error', message: '' }, 'stream', 'PROVIDER_BAD_REQUEST'],
    [{ kind: 'event', type: undefined, message: '' }, 'stream', 'PROVIDER_SERVER'],
    [{ kind: 'status', status: 429, message: '' }, 'stream', 'PROVIDER_RATE_LIMIT'],
  ] as [ProviderFailure, 'request' | 'stream', string][])('%o in the %s phase → %s', (failure, phase, code) => {
    expect(codeForFailure(failure, phase)).toBe(code);
  });
});

describe('classifiers', () => {
  it('OpenAI: the body message of an HTTP error, the type of an in-stream error, connection errors', () => {
    const http = OpenAI.APIError.generate(400, { error: { message: "Invalid schema for function 'x'", type: 'invalid_request_error' } }, undefined, new Headers());
    expect(classifyOpenAIError(http)).toEqual({ kind: 'status', status: 400, message: "Invalid schema for function 'x'" });
    const event = new OpenAI.APIError(undefined, { message: 'overloaded', type: 'server_error' }, undefined, undefined);
    expect(classifyOpenAIError(event)).toEqual({ kind: 'event', type: 'server_error', message: 'overloaded' });
    expect(classifyOpenAIError(new OpenAI.APIConnectionError({ message: 'Connection error.' }))).toEqual({ kind: 'connection', message: 'Connection error.' });
    expect(classifyOpenAIError(new SyntaxError('Unexpected end of JSON input'))).toEqual({ kind: 'other', message: 'Unexpected end of JSON input' });
  });

  it("Anthropic: apiMessage of an HTTP error, an `event: error`'s type", () => {
    const http = Anthropic.APIError.generate(401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }, undefined, new Headers());
    expect(classifyAnthropicError(http)).toEqual({ kind: 'status', status: 401, message: 'invalid x-api-key' });
    const event = new Anthropic.APIError(undefined, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, undefined, new Headers(), 'overloaded_error');
    expect(classifyAnthropicError(event)).toMatchObject({ kind: 'event', type: 'overloaded_error' });
  });

  it("Gemini: the message inside the SDK's JSON, and a 400 API_KEY_INVALID as 401", () => {
    const body = { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } };
    expect(classifyGeminiError(new ApiError({ status: 400, message: JSON.stringify(body) }))).toEqual({ kind: 'status', status: 401, message: 'API key not valid. Please pass a valid API key.' });
    const quota = { error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } };
    expect(classifyGeminiError(new ApiError({ status: 429, message: `got status: RESOURCE_EXHAUSTED. ${JSON.stringify(quota)}` }))).toEqual({ kind: 'status', status: 429, message: 'Resource has been exhausted' });
    expect(classifyGeminiError(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }))).toMatchObject({ kind: 'connection' });
    expect(geminiMessage('plain text')).toBe('plain text');
  });
});

describe('completionErrorData', () => {
  it("gives the renderer the code and the provider's words as `detail`", () => {
    expect(completionErrorData(new CompletionError('PROVIDER_BAD_REQUEST', 'bad tool', { status: 400 }))).toEqual({ code: 'PROVIDER_BAD_REQUEST', params: { detail: 'bad tool', status: 400 } });
  });
});
