/**
 * The sandboxed preload: exposes trpc-electron's message bridge as `window.electronTRPC` and
 * nothing else — the renderer reaches main only through the typed router.
 */
import { exposeElectronTRPC } from 'trpc-electron/main';

exposeElectronTRPC();
