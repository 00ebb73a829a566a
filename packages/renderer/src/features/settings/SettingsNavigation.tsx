import { createContext, type ReactNode, useContext } from 'react';
import type { SettingsSectionId } from './sections';

export interface OpenSectionOptions {
  /** Servers: the server whose details open and scroll into view (one just added from a preset). */
  revealServerId?: string;
  /** General: the field the user came for (the built-in files server's folder). */
  target?: 'filesFolder';
}

/** Moves Settings to another section from inside one (a preset added → Servers; files "Choose folder" → General). */
export type OpenSection = (section: SettingsSectionId, options?: OpenSectionOptions) => void;

const SettingsNavigationContext = createContext<OpenSection | undefined>(undefined);

export function SettingsNavigationProvider({ open, children }: { open: OpenSection; children: ReactNode }) {
  return <SettingsNavigationContext.Provider value={open}>{children}</SettingsNavigationContext.Provider>;
}

/** Outside SettingsView (a section rendered alone in a test) there is nowhere to go: a no-op. */
export function useOpenSection(): OpenSection {
  return useContext(SettingsNavigationContext) ?? (() => undefined);
}
