/**
 * The heavy parts of Markdown rendering, each its own chunk (vite splits at dynamic imports). One
 * instance per module is right: it caches an import, which the module system caches anyway.
 */
import { lazyModule } from './lazyModule';

export const highlighterModule = lazyModule(() => import('./highlighter'));
export const mathModule = lazyModule(() => import('./math'));
