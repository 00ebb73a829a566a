/**
 * No screen shows a raw `{{placeholder}}`: every error code the UI can show, rendered by the component
 * that shows it, with the parameters main sends, in every language. The tables are complete Records,
 * so a new code or validation code without an entry here fails tsc.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolCallView } from '@elftia/desktop/shared/contracts/chat.ts';
import { MCP_SERVICE_ERROR_CODES, type McpServiceErrorCode } from '@elftia/desktop/shared/contracts/mcp-connection.ts';
import type { FieldError } from '@elftia/desktop/shared/contracts/mcp-types.ts';
import { LANGUAGES } from '@elftia/desktop/shared/contracts/settings.ts';
import { ToolCallDisplay } from '../src/features/chat/components/ToolCallDisplay';
import { MessageItem } from '../src/features/chat/components/conversation/MessageItem';
import { ConnectionError } from '../src/features/settings/components/tabs/tools-tab/status/ConnectionError';
import type { FormErrorCode } from '../src/features/settings/components/tabs/tools-tab/types';
import type { DisplayErrorCode } from '../src/lib/appError';
import { renderApp } from './helpers/renderApp';
import { toolCall } from './chat/toolCalls';

type Params = Record<string, string | number>;

/** What main sends with each code (McpServiceError, AppError, the completion and chat services). */
const ERROR_PARAMS: Record<DisplayErrorCode, Params> = {
  SERVER_NOT_FOUND: { serverId: 'srv-1' },
  SERVER_DISABLED: { server: 'everything' },
  NOT_CONNECTED: { serverId: 'srv-1', status: 'error' },
  TOOL_NOT_FOUND: { server: 'everything', tool: 'rm-rf' },
  INVALID_ARGUMENTS: { tool: 'get-sum' },
  INVALID_CONFIG: { field: 'command' },
  TIMEOUT: { timeoutMs: 60_000 },
  CANCELLED: {},
  CONNECTION_CLOSED: { detail: 'connection closed' },
  UNSUPPORTED_TRANSPORT: { transport: 'carrier-pigeon' },
  CONNECT_FAILED: { detail: 'spawn npx ENOENT', reason: 'ENOENT' },
  REQUEST_FAILED: { mcpCode: -32603, detail: 'boom' },
  INSTALL_FAILED: { packages: '@modelcontextprotocol/server-everything', exitCode: 1 },
  INSTALL_TIMEOUT: { packages: '@modelcontextprotocol/server-everything', timeoutSec: 300 },
  RESULT_TOO_LARGE: { limit: '64 MiB', limitBytes: 67108864 },
  SECRETS_UNREADABLE: { server: 'github' },
  KEY_SOURCE_MISSING: { server: 'brave-search', provider: 'OpenAI', field: 'env.BRAVE_API_KEY' },
  WORKSPACE_TRUST_REQUIRED: { server: 'lint', workspace: '/home/me/repo', commandLine: 'node lint-server.mjs', envNames: 'TOKEN' },
  WORKSPACE_NOT_FOUND: { path: '/home/me/gone' },
  NO_WORKSPACE: {},
  PROJECT_FILE_INVALID: { file: '/repo/.elftia/mcp.json', problem: 'syntax', line: 3, column: 7, entry: 'lint', field: 'command' },
  ENV_REF_MISSING: { server: 'github', name: 'GITHUB_TOKEN', field: 'env.GITHUB_PERSONAL_ACCESS_TOKEN' },
  INPUT_REQUIRED: { server: 'github', input: 'github-token', description: 'GitHub token', password: 1, field: 'headers.Authorization' },
  MCP_AUTH_REQUIRED: { server: 'linear' },
  OAUTH_NOT_SUPPORTED: { server: 'files' },
  OAUTH_SIGN_IN_FAILED: { reason: 'access_denied' },
  OAUTH_SIGN_IN_TIMEOUT: {},
  OAUTH_SIGN_IN_CANCELLED: {},
  PROVIDER_AUTH: {},
  PROVIDER_RATE_LIMIT: {},
  PROVIDER_SERVER: {},
  PROVIDER_BAD_REQUEST: { detail: 'max_tokens is too large' },
  PROVIDER_MALFORMED_STREAM: {},
  PROVIDER_NETWORK: {},
  PROVIDER_NOT_CONFIGURED: {},
  CONVERSATION_NOT_FOUND: {},
  TURN_IN_PROGRESS: {},
  STEP_LIMIT: { steps: 25 },
  TURN_INTERRUPTED: {},
  TOOLS_OMITTED: { names: 'a, b' },
  TOOL_RESULT_NOT_FOUND: { messageId: 'm1', callId: 'call_1' },
  MESSAGE_NOT_FOUND: { id: 'm1' },
  MESSAGE_NOT_EDITABLE: { id: 'm2' },
  NOT_LAST_ANSWER: { id: 'm3' },
  ATTACHMENT_NOT_FOUND: { attachmentId: 'a1' },
  VALIDATION: {},
  NOT_FOUND: { id: 'github' },
  PRESET_NOT_FOUND: { id: 'nope' },
  REGISTRY_UNREACHABLE: { url: 'https://registry.example.com', reason: 'fetch failed' },
  REGISTRY_BAD_RESPONSE: { url: 'https://registry.example.com', detail: 'HTTP 500' },
  REGISTRY_SERVER_NOT_FOUND: { name: 'io.github.example/weather', version: 'latest' },
  REGISTRY_OPTION_UNSUPPORTED: { name: 'io.github.example/postgres', option: 'package:0', reason: 'dockerMissing' },
  BUILTIN_SERVER_READONLY: { id: 'builtin:files' },
  APP_RESOURCE_INVALID: { reason: 'mimeType', server: 'srv-1', uri: 'ui://get-time/mcp-app.html' },
  APP_TOOL_NOT_ALLOWED: { server: 'srv-1', tool: 'poll-system-stats' },
  DB_NEWER_VERSION: { path: '/data/elftia.db', found: 9, supported: 8 },
  DB_CORRUPT: { path: '/data/elftia.db' },
  DB_OPEN_FAILED: { path: '/data/elftia.db', reason: 'EACCES' },
  DB_EMPTY: { path: '/data/elftia.db', evidence: 'elftia.db-wal' },
  DISK_FULL: { path: '/data/elftia.db' },
  READ_ONLY: { path: '/data/elftia.db' },
  IO_ERROR: { path: '/data/elftia.db' },
  SECRET_STORE_FAILED: {},
  SECRET_KEY_MISSING: { path: '/data/secret.key' },
  TOO_MANY_SERVERS: { max: 100 },
  TOO_MANY_PROVIDERS: { max: 100 },
  TOO_MANY_SUBSCRIPTIONS: { max: 64 },
  INTERNAL: {},
  CONNECTION_LOST: {},
};

/** Field errors as the forms and the argument check send them. */
const FIELD_PARAMS: Record<FormErrorCode, Params | undefined> = {
  required: undefined,
  tooLong: { max: 64 },
  tooMany: { max: 256 },
  tooLarge: { max: 65_536 },
  invalidCharacters: undefined,
  controlCharacters: undefined,
  confusable: { name: 'github' },
  secretNotKept: undefined,
  reenterForNewAddress: undefined,
  envNotSet: { name: 'GITHUB_TOKEN' },
  invalidSecretRef: undefined,
  duplicate: { name: 'everything' },
  invalidHttpUrl: undefined,
  invalidWsUrl: undefined,
  timeoutRange: { min: 1, max: 3600 },
  integer: undefined,
  invalidEnvKey: undefined,
  invalidHeaderName: undefined,
  invalidHeaderValue: undefined,
  nulCharacter: undefined,
  invalidApiKey: undefined,
  secretInUrl: undefined,
  unknownField: undefined,
  invalidType: undefined,
  invalidTransport: undefined,
  absolutePath: undefined,
  folderNotFound: undefined,
  invalid: undefined,
  duplicateKey: undefined,
  wrongType: { type: 'number' },
  outOfRange: { comparison: '>=', limit: 1 },
  tooShort: { min: 2 },
  tooFewItems: { min: 1 },
  tooManyItems: { max: 3 },
  notAllowed: { values: '"fast", "slow"' },
  wrongFormat: { format: 'email' },
  patternMismatch: { pattern: '^[a-z]+$' },
  notInModels: undefined,
  unsupportedImageType: undefined,
  notBase64: undefined,
  notAnImage: undefined,
  notText: undefined,
  fileTooLarge: { max: 5_242_880 },
  textFileTooLong: { max: 200_000 },
  tooManyFiles: { max: 10 },
  attachmentsTooLarge: { max: 15_728_640 },
  jsonSyntax: { line: 3, column: 7 },
  conflictingFields: { other: 'url' },
  undeclaredInput: { id: 'github-token' },
  unknownReference: { text: '${secret:x}' },
  noServers: undefined,
};

const MCP_CODES = new Set<string>(MCP_SERVICE_ERROR_CODES);

function expectNoRawPlaceholders(text: string | null | undefined, what: string): void {
  expect(text, what).toBeTruthy();
  expect(text, what).not.toMatch(/\{\{|\}\}/);
  expect(text, what).not.toMatch(/common\/errors:|\berrors\.[A-Z]/);
}

/** The engine sends only what the call itself does not know: never the call's own tool or server. */
function engineParams(code: McpServiceErrorCode): Params {
  const { tool: _tool, server: _server, ...rest } = ERROR_PARAMS[code];
  return rest;
}

function failedCall(code: string, fields: Partial<ToolCallView> = {}): ToolCallView {
  return toolCall({ status: 'error', errorCode: code, ...fields });
}

function errorMessage(code: string, params: Params): ChatMessage {
  return { id: 'm', conversationId: 'c', role: 'assistant', text: '', toolCalls: [], status: 'error', error: { code, params }, createdAt: '2026-01-01T00:00:00Z' };
}

describe.each(LANGUAGES)('no raw {{placeholders}} (%s)', (language) => {
  it.each([...MCP_SERVICE_ERROR_CODES])('the tool card and the server status show %s filled in', (code) => {
    const card = renderApp(<ToolCallDisplay call={failedCall(code, { errorParams: engineParams(code) })} />, { language });
    expectNoRawPlaceholders(screen.getByTestId('tool-call-error').textContent, `${language} card ${code}`);
    card.unmount();
    renderApp(<ConnectionError error={{ code, params: ERROR_PARAMS[code] }} alert={false} />, { language });
    expectNoRawPlaceholders(screen.getByTestId('mcp-server-error').textContent, `${language} status ${code}`);
  });

  it.each(Object.keys(ERROR_PARAMS).filter((code) => !MCP_CODES.has(code)))('a message shows %s filled in', (code) => {
    renderApp(<MessageItem message={errorMessage(code, ERROR_PARAMS[code as DisplayErrorCode])} approvals={new Map()} onAnswer={async () => {}} />, { language });
    expectNoRawPlaceholders(screen.getByTestId('message-error').textContent, `${language} message ${code}`);
  });

  it('the tool card lists every argument problem, each translated', () => {
    const fieldErrors: FieldError[] = Object.entries(FIELD_PARAMS).map(([code, params]) => ({
      field: `arg.${code}`,
      code: code as FieldError['code'],
      ...(params ? { params } : {}),
    }));
    renderApp(<ToolCallDisplay call={failedCall('INVALID_ARGUMENTS', { fieldErrors: [{ field: '', code: 'invalid' }, ...fieldErrors] })} />, { language });
    const items = screen.getByTestId('tool-call-problems').querySelectorAll('li');
    expect(items).toHaveLength(fieldErrors.length + 1);
    for (const item of items) expectNoRawPlaceholders(item.textContent, `${language} ${item.textContent}`);
  });
});

describe('the tool card of invalid arguments', () => {
  it('says which tool and lists every problem with its path (what the engine sends for {"a":"two"} to get-sum)', () => {
    renderApp(
      <ToolCallDisplay
        call={failedCall('INVALID_ARGUMENTS', {
          toolName: 'get-sum',
          errorParams: { tool: 'get-sum' },
          fieldErrors: [
            { field: 'b', code: 'required', reason: "must have required property 'b'" },
            { field: 'a', code: 'wrongType', params: { type: 'number' }, reason: 'must be number' },
          ],
        })}
      />,
    );
    expect(screen.getByTestId('tool-call-error').textContent).toBe('The arguments for “get-sum” are not valid.');
    const items = [...screen.getByTestId('tool-call-problems').querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual(['b: This field is required.', 'a: Expected a value of type number.']);
  });

  it('fills in the call’s own tool when the error carries no parameters (a built-in server’s -32602)', () => {
    renderApp(<ToolCallDisplay call={failedCall('INVALID_ARGUMENTS', { toolName: 'search_files' })} />, { language: 'zh' });
    expect(screen.getByTestId('tool-call-error').textContent).toBe('“search_files”的参数无效。');
    expect(screen.queryByTestId('tool-call-problems')).toBeNull();
  });
});
