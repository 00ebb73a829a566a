/**
 * An in-memory stand-in for the parts of 'electron' the shell and trpc-electron use. The real
 * package downloads its binary when imported from Node, which fails on these machines;
 * vitest aliases 'electron' to this file (G11).
 *
 * It records what the shell asked for (window options, handlers, opened URLs) so tests can
 * check them, and routes IPC between one "renderer" and ipcMain through structuredClone, the way
 * real IPC copies messages.
 */
import { EventEmitter } from 'node:events';

type Listener = (...args: any[]) => unknown;

export interface FakeFrame {
  routingId: number;
  url: string;
  parent: FakeFrame | null;
}

let nextId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextId++;
  readonly mainFrame: FakeFrame = { routingId: nextId++, url: '', parent: null };
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  destroyed = false;

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  getURL(): string {
    return this.mainFrame.url;
  }
}

export class BrowserWindow extends EventEmitter {
  static readonly instances: BrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  loaded: { file?: string; url?: string } = {};
  focused = false;

  constructor(readonly options: Record<string, any>) {
    super();
    BrowserWindow.instances.push(this);
  }

  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.instances;
  }

  static getFocusedWindow(): BrowserWindow | null {
    return BrowserWindow.instances.find((win) => win.focused) ?? null;
  }

  async loadFile(file: string): Promise<void> {
    this.loaded = { file };
    this.webContents.mainFrame.url = `file://${file}`;
  }

  async loadURL(url: string): Promise<void> {
    this.loaded = { url };
    this.webContents.mainFrame.url = url;
  }

  isDestroyed(): boolean {
    return false;
  }
  isMinimized(): boolean {
    return false;
  }
  restore(): void {}
  show(): void {}
  focus(): void {
    this.focused = true;
  }
}

class FakeApp extends EventEmitter {
  isPackaged = false;
  singleInstance = true;
  quitCalls = 0;
  exitCode: number | undefined;
  readonly paths = new Map<string, string>();
  appPath = '/fake/app';

  ready = false;

  requestSingleInstanceLock(): boolean {
    return this.singleInstance;
  }
  whenReady(): Promise<void> {
    this.ready = true;
    return Promise.resolve();
  }
  isReady(): boolean {
    return this.ready;
  }
  getPath(name: string): string {
    return this.paths.get(name) ?? `/fake/${name}`;
  }
  setPath(name: string, value: string): void {
    this.paths.set(name, value);
  }
  getAppPath(): string {
    return this.appPath;
  }
  getLocale(): string {
    return 'en-US';
  }
  quit(): void {
    this.quitCalls += 1;
    const event = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    this.emit('before-quit', event);
  }
  exit(code = 0): void {
    this.exitCode = code;
  }
}

export const app = new FakeApp();

type HeadersListener = (details: { url: string; responseHeaders?: Record<string, string[]> }, callback: (response: { responseHeaders?: Record<string, string[]> }) => void) => void;

class FakeSession {
  headersListener: HeadersListener | undefined;
  permissionRequestHandler: Listener | undefined;
  permissionCheckHandler: Listener | undefined;
  readonly webRequest = {
    onHeadersReceived: (listener: HeadersListener) => {
      this.headersListener = listener;
    },
  };
  setPermissionRequestHandler(handler: Listener): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: Listener): void {
    this.permissionCheckHandler = handler;
  }
}

export const session = { defaultSession: new FakeSession() };

type ProtocolHandler = (request: Request) => Response | Promise<Response>;

/** Records privileged schemes (refused once the app is ready, as in Electron) and protocol.handle handlers. */
export const protocol = {
  privileged: [] as { scheme: string; privileges?: Record<string, boolean> }[],
  handlers: new Map<string, ProtocolHandler>(),
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges?: Record<string, boolean> }[]): void {
    if (app.isReady()) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    protocol.privileged.push(...schemes);
  },
  handle(scheme: string, handler: ProtocolHandler): void {
    if (!app.isReady()) throw new Error('protocol.handle should be called after app is ready');
    if (protocol.handlers.has(scheme)) throw new Error(`The scheme "${scheme}" is already registered`);
    protocol.handlers.set(scheme, handler);
  },
};

export const shell = {
  opened: [] as string[],
  async openExternal(url: string): Promise<void> {
    shell.opened.push(url);
  },
};

export const dialog = {
  errors: [] as { title: string; content: string }[],
  /** What showOpenDialog was asked (its parent window, if any, and options), and what it answers next. */
  openDialogs: [] as { parent: BrowserWindow | undefined; options: Record<string, any> }[],
  nextOpenDialog: { canceled: true, filePaths: [] as string[] },
  /** What showMessageBox was asked, and the button index it answers next. */
  messageBoxes: [] as { parent: BrowserWindow | undefined; options: Record<string, any> }[],
  nextMessageBoxResponse: 1,
  showErrorBox(title: string, content: string): void {
    dialog.errors.push({ title, content });
  },
  async showOpenDialog(parentOrOptions: BrowserWindow | Record<string, any>, maybeOptions?: Record<string, any>) {
    const parent = parentOrOptions instanceof BrowserWindow ? parentOrOptions : undefined;
    dialog.openDialogs.push({ parent, options: maybeOptions ?? (parentOrOptions as Record<string, any>) });
    return dialog.nextOpenDialog;
  },
  async showMessageBox(parentOrOptions: BrowserWindow | Record<string, any>, maybeOptions?: Record<string, any>) {
    const parent = parentOrOptions instanceof BrowserWindow ? parentOrOptions : undefined;
    dialog.messageBoxes.push({ parent, options: maybeOptions ?? (parentOrOptions as Record<string, any>) });
    return { response: dialog.nextMessageBoxResponse, checkboxChecked: false };
  },
};

/** A reversible stand-in: enough to tell sealed from plain text in tests. */
export const safeStorage = {
  available: true,
  backend: 'gnome_libsecret',
  isEncryptionAvailable: () => safeStorage.available,
  getSelectedStorageBackend: () => safeStorage.backend,
  encryptString: (plain: string) => Buffer.from(`enc(${plain})`, 'utf8'),
  decryptString: (sealed: Buffer) => {
    const text = sealed.toString('utf8');
    if (!text.startsWith('enc(') || !text.endsWith(')')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return text.slice(4, -1);
  },
};

class FakeIpcMain extends EventEmitter {}
export const ipcMain = new FakeIpcMain();

const rendererListeners = new Map<string, Listener[]>();
/** Which webContents (and frame) the fake renderer's ipcRenderer.send comes from. */
let rendererSender: { contents: FakeWebContents; frame: FakeFrame | null } | undefined;

export function setRendererSender(contents: FakeWebContents, frame: FakeFrame | null = contents.mainFrame): void {
  rendererSender = { contents, frame };
}

export const ipcRenderer = {
  send(channel: string, payload: unknown): void {
    if (!rendererSender) throw new Error('fake electron: call setRendererSender() first');
    const { contents, frame } = rendererSender;
    const event = {
      sender: contents,
      senderFrame: frame,
      reply: (replyChannel: string, data: unknown) => {
        for (const listener of rendererListeners.get(replyChannel) ?? []) listener({}, structuredClone(data));
      },
    };
    ipcMain.emit(channel, event, structuredClone(payload));
  },
  on(channel: string, listener: Listener): void {
    rendererListeners.set(channel, [...(rendererListeners.get(channel) ?? []), listener]);
  },
};

export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, api: unknown): void {
    contextBridge.exposed.set(key, api);
    (globalThis as Record<string, unknown>)[key] = api;
  },
};

export function resetFakeElectron(): void {
  BrowserWindow.instances.length = 0;
  app.removeAllListeners();
  app.paths.clear();
  app.isPackaged = false;
  app.singleInstance = true;
  app.quitCalls = 0;
  app.exitCode = undefined;
  app.ready = false;
  protocol.privileged.length = 0;
  protocol.handlers.clear();
  shell.opened.length = 0;
  dialog.errors.length = 0;
  dialog.openDialogs.length = 0;
  dialog.nextOpenDialog = { canceled: true, filePaths: [] };
  dialog.messageBoxes.length = 0;
  dialog.nextMessageBoxResponse = 1;
  safeStorage.available = true;
  safeStorage.backend = 'gnome_libsecret';
  ipcMain.removeAllListeners();
  rendererListeners.clear();
  rendererSender = undefined;
  contextBridge.exposed.clear();
  session.defaultSession = new FakeSession();
}

export default { app, BrowserWindow, session, protocol, shell, dialog, safeStorage, ipcMain, ipcRenderer, contextBridge };
