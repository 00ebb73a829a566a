/**
 * One app's conversation with Elftia: the ext-apps AppBridge (no MCP client of its own: every
 * request of the app goes through Elftia's API, so the same checks and approvals apply) over the
 * sandbox frame's window. It hands the proxy the app's HTML, gives the app its tool input and
 * then the result (or the cancellation), routes the app's requests, keeps the host context
 * current, and tears the app down before the frame goes.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppBridge, type McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpAppResourceView, McpAppSandboxView } from '@elftia/desktop/shared/contracts/apps.ts';
import type { ToolCallView } from '@elftia/desktop/shared/contracts/chat.ts';
import { useApi } from '../../../../lib/api';
import type { AppHost } from './appHost';
import { appCallResult, openableUrl, readResult, textOf, toolResultParams } from './appRequests';
import { HOST_INFO, INLINE_MAX_HEIGHT, INLINE_MIN_HEIGHT, hostCapabilities, hostContext } from './hostContext';
import { TEARDOWN_TIMEOUT_MS, registerOpenApp } from './openApps';
import { SandboxTransport } from './sandboxTransport';

/** An app that has not finished `ui/initialize` by then is shown as broken. */
export const APP_START_TIMEOUT_MS = 15_000;

export interface AppBridgeInput {
  frame: HTMLIFrameElement | null;
  sandbox: McpAppSandboxView;
  resource: McpAppResourceView;
  call: ToolCallView;
  serverId: string;
  host: AppHost;
  displayMode: McpUiDisplayMode;
  setDisplayMode(mode: McpUiDisplayMode): void;
  /** Esc was pressed inside the app, and the app left it alone. */
  onEscape(): void;
  /** Asks the user before a link opens; resolves with whether it opened. */
  confirmLink(url: URL): Promise<boolean>;
}

export interface AppBridgeState {
  /** The app answered `ui/initialize` and got its input. */
  initialized: boolean;
  /** It did not start in time (the frame or the app is broken). */
  broken: boolean;
  /** The inline height the app asked for, clamped. */
  height: number | undefined;
}

function clampHeight(height: number): number {
  return Math.min(INLINE_MAX_HEIGHT, Math.max(INLINE_MIN_HEIGHT, Math.ceil(height)));
}

export function useAppBridge(input: AppBridgeInput): AppBridgeState {
  const api = useApi();
  const { i18n } = useTranslation();
  const [initialized, setInitialized] = useState(false);
  const [broken, setBroken] = useState(false);
  const [height, setHeight] = useState<number>();
  const [themeTick, setThemeTick] = useState(0);
  const bridgeRef = useRef<AppBridge>(undefined);
  // The handlers read the latest props without re-creating the bridge (that would restart the app).
  const latest = useRef(input);
  latest.current = input;
  const locale = i18n.language;
  const localeRef = useRef(locale);
  localeRef.current = locale;

  const { frame, sandbox, resource, serverId } = input;
  const { conversationId } = input.host;
  const callId = input.call.id;

  useEffect(() => {
    const target = frame?.contentWindow;
    if (!frame || !target) return;
    const context = () =>
      hostContext({ call: latest.current.call, locale: localeRef.current, displayMode: latest.current.displayMode, width: frame.clientWidth });
    const bridge = new AppBridge(null, HOST_INFO, hostCapabilities(resource), { hostContext: context() });
    bridgeRef.current = bridge;
    const appHost = { conversationId, hostCallId: callId, serverId };

    bridge.addEventListener('sandboxready', () => {
      void bridge.sendSandboxResourceReady({ html: resource.html, csp: resource.csp, permissions: resource.permissions });
    });
    bridge.addEventListener('initialized', () => setInitialized(true));
    bridge.addEventListener('sizechange', ({ height: asked }) => {
      if (typeof asked === 'number' && Number.isFinite(asked)) setHeight(clampHeight(asked));
    });
    bridge.addEventListener('loggingmessage', (message) => console.debug('[MCP App]', serverId, message.level, message.data));

    bridge.oncalltool = async (params) => appCallResult(await api.apps.callTool.mutate({ ...appHost, name: params.name, arguments: params.arguments ?? {} }));
    // Only resources of the app's own server: the id is the host call's, never one the app names.
    bridge.onreadresource = async (params) => readResult(await api.resources.read.query({ id: serverId, uri: params.uri }));
    bridge.onopenlink = async ({ url }) => {
      const openable = openableUrl(url);
      if (!openable) return { isError: true };
      return (await latest.current.confirmLink(openable)) ? {} : { isError: true };
    };
    bridge.onmessage = async ({ content }) => {
      const text = textOf(content);
      if (text === '') return { isError: true };
      latest.current.host.putInComposer(text);
      return {};
    };
    bridge.onupdatemodelcontext = async ({ content, structuredContent }) => {
      const parts = [textOf(content), structuredContent ? JSON.stringify(structuredContent) : ''].filter((part) => part !== '');
      await api.apps.updateContext.mutate({ ...appHost, text: parts.join('\n\n') });
      return {};
    };
    bridge.onrequestdisplaymode = async ({ mode }) => {
      const granted: McpUiDisplayMode = mode === 'fullscreen' ? 'fullscreen' : 'inline';
      latest.current.setDisplayMode(granted);
      return { mode: granted };
    };

    const transport = new SandboxTransport(target, sandbox.origin, () => latest.current.onEscape());
    const started = window.setTimeout(() => setBroken(true), APP_START_TIMEOUT_MS);
    bridge.addEventListener('initialized', () => window.clearTimeout(started));
    void bridge.connect(transport).catch(() => setBroken(true));

    let tornDown = false;
    const teardown = async () => {
      if (tornDown) return;
      tornDown = true;
      await bridge.teardownResource({}, { timeout: TEARDOWN_TIMEOUT_MS }).catch(() => undefined);
    };
    const unregister = registerOpenApp(conversationId, teardown);
    return () => {
      window.clearTimeout(started);
      unregister();
      bridgeRef.current = undefined;
      setInitialized(false);
      // Best effort: the frame is removed with this card, so the answer cannot be awaited here (the
      // conversation awaits it before switching or closing, see openApps.ts).
      void teardown().finally(() => void bridge.close());
    };
  }, [api, frame, sandbox.origin, resource, serverId, conversationId, callId]);

  // The input once the app is ready; the result (or the cancellation) once the call ends. While the
  // model still writes the arguments (status 'streaming') each new reading goes as a partial input,
  // then the complete call's arguments as the input: the same card, the same app, no restart.
  const sent = useRef({ input: false, outcome: false });
  const { call } = input;
  useEffect(() => {
    const bridge = bridgeRef.current;
    if (!initialized || !bridge) return;
    if (call.status === 'streaming') {
      void bridge.sendToolInputPartial({ arguments: call.arguments });
      return;
    }
    if (!sent.current.input) {
      sent.current.input = true;
      void bridge.sendToolInput({ arguments: call.arguments });
    }
    if (sent.current.outcome) return;
    if (call.result && call.errorCode === undefined) {
      sent.current.outcome = true;
      void bridge.sendToolResult(toolResultParams(call.result));
    } else if (call.status === 'cancelled' || call.status === 'denied' || call.status === 'error') {
      sent.current.outcome = true;
      void bridge.sendToolCancelled({ reason: call.errorCode ?? call.status });
    }
  }, [initialized, call.arguments, call.result, call.status, call.errorCode]);
  useEffect(() => {
    if (!initialized) sent.current = { input: false, outcome: false };
  }, [initialized]);

  // The theme follows Elftia's (<html data-theme>), as it changes.
  useEffect(() => {
    const observer = new MutationObserver(() => setThemeTick((tick) => tick + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  const { displayMode } = input;
  useEffect(() => {
    const bridge = bridgeRef.current;
    if (!initialized || !bridge || !frame) return;
    bridge.setHostContext(hostContext({ call: latest.current.call, locale, displayMode, width: frame.clientWidth }));
  }, [initialized, frame, locale, displayMode, themeTick]);

  return { initialized, broken: broken && !initialized, height };
}

