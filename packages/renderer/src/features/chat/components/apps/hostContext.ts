/**
 * What Elftia tells an MCP App about itself (`ui/initialize`): the host's name, the capabilities it
 * really has (each backed by a handler in useAppBridge), and the context the app lays itself out
 * by — theme, UI language, display mode, the room it has, and the spec's CSS variables taken from
 * Elftia's own tokens so an app can match the window around it.
 */
import type { McpUiDisplayMode, McpUiHostCapabilities, McpUiHostContext, McpUiStyles } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpAppResourceView } from '@elftia/desktop/shared/contracts/apps.ts';
import type { ToolCallView } from '@elftia/desktop/shared/contracts/chat.ts';

export const HOST_INFO = { name: 'Elftia', version: '0.1.0' };

/** An inline app's height stays between these, whatever size it asks for. */
export const INLINE_MIN_HEIGHT = 60;
export const INLINE_MAX_HEIGHT = 800;

export const DISPLAY_MODES: McpUiDisplayMode[] = ['inline', 'fullscreen'];

export function hostCapabilities(resource: McpAppResourceView): McpUiHostCapabilities {
  return {
    openLinks: {},
    serverTools: {},
    serverResources: {},
    logging: {},
    updateModelContext: { text: {} },
    message: { text: {} },
    sandbox: { csp: resource.csp, permissions: resource.permissions },
  };
}

/** The spec's variable names, each read from the Elftia token that means the same. */
const STYLE_TOKENS: Partial<Record<keyof McpUiStyles, string>> = {
  '--color-background-primary': '--color-bg',
  '--color-background-secondary': '--color-surface-sunken',
  '--color-background-tertiary': '--color-surface-hover',
  '--color-text-primary': '--color-text',
  '--color-text-secondary': '--color-text-muted',
  '--color-border-primary': '--color-border-strong',
  '--color-border-secondary': '--color-border',
  '--color-ring-primary': '--color-accent',
  '--font-sans': '--font-sans',
  '--font-mono': '--font-mono',
  '--font-text-sm-size': '--font-size-sm',
  '--font-text-md-size': '--font-size-md',
  '--font-text-lg-size': '--font-size-lg',
  '--border-radius-sm': '--radius-sm',
  '--border-radius-md': '--radius-md',
  '--border-radius-lg': '--radius-lg',
  '--border-radius-full': '--radius-full',
};

function styleVariables(root: HTMLElement): McpUiStyles {
  const computed = getComputedStyle(root);
  const variables: Partial<McpUiStyles> = {};
  for (const [name, token] of Object.entries(STYLE_TOKENS)) {
    const value = computed.getPropertyValue(token).trim();
    if (value !== '') variables[name as keyof McpUiStyles] = value;
  }
  return variables as McpUiStyles;
}

export function currentTheme(root: HTMLElement = document.documentElement): 'light' | 'dark' {
  return root.dataset.theme === 'dark' ? 'dark' : 'light';
}

export interface HostContextInput {
  call: ToolCallView;
  locale: string;
  displayMode: McpUiDisplayMode;
  /** The width the frame has now, in CSS pixels (0 before layout). */
  width: number;
}

export function hostContext({ call, locale, displayMode, width }: HostContextInput): McpUiHostContext {
  const root = document.documentElement;
  return {
    toolInfo: { id: call.id, tool: { name: call.toolName, inputSchema: { type: 'object' } } },
    theme: currentTheme(root),
    styles: { variables: styleVariables(root) },
    locale,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    displayMode,
    availableDisplayModes: DISPLAY_MODES,
    containerDimensions: displayMode === 'inline' ? { maxHeight: INLINE_MAX_HEIGHT, ...(width > 0 ? { width } : {}) } : { height: window.innerHeight, width: window.innerWidth },
    platform: 'desktop',
  };
}
