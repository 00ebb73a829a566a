/**
 * Settings' sections, in the order of its navigation. The shell deep-links into one by id (the
 * chat's "Set up a provider" opens `providers`).
 */
export const SETTINGS_SECTIONS = ['servers', 'presets', 'runtimes', 'approvals', 'providers', 'general'] as const;
export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number];

export function isSettingsSection(value: string): value is SettingsSectionId {
  return (SETTINGS_SECTIONS as readonly string[]).includes(value);
}
