import type { PresetIcon as PresetIconName } from '@elftia/desktop/shared/mcp-presets.ts';

/**
 * Line icons drawn here rather than emoji: emoji depend on the system's fonts (a minimal Linux has
 * none and shows empty boxes), these render the same everywhere and follow the text colour.
 */
const PATHS: Record<PresetIconName, string[]> = {
  search: ['M11 4a7 7 0 1 1 0 14a7 7 0 1 1 0-14z', 'M16 16l4.5 4.5'],
  eye: ['M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z', 'M12 9a3 3 0 1 1 0 6a3 3 0 1 1 0-6z'],
  globe: ['M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18z', 'M3 12h18', 'M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9s1.3-6.3 3.8-9z'],
  browser: ['M3 5h18v14H3z', 'M3 9h18', 'M6 7h.01', 'M9 7h.01'],
  code: ['M9 7l-5 5l5 5', 'M15 7l5 5l-5 5'],
  git: ['M6 3v12', 'M6 18a3 3 0 1 0 0 .01', 'M18 6a3 3 0 1 0 0 .01', 'M18 9c0 6-12 3-12 6'],
  folder: ['M3 6h6l2 2h10v11H3z'],
  brain: ['M12 3a6 6 0 0 1 6 6c0 2.2-1.2 3.7-2.5 4.8c-.9.8-1.5 1.7-1.5 2.9V18h-4v-1.3c0-1.2-.6-2.1-1.5-2.9C7.2 12.7 6 11.2 6 9a6 6 0 0 1 6-6z', 'M10 21h4'],
  clock: ['M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18z', 'M12 7v5l3 2'],
  database: ['M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3s-3.6 3-8 3s-8-1.3-8-3z', 'M4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6', 'M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3'],
  book: ['M4 4h7a2 2 0 0 1 2 2v14a2 2 0 0 0-2-2H4z', 'M20 4h-5a2 2 0 0 0-2 2v14a2 2 0 0 1 2-2h5z'],
  tool: ['M14.5 5.5a4 4 0 0 0 4.9 4.9L21 12l-2 2l-1.6-1.6a4 4 0 0 1-4.9-4.9z', 'M13 11l-9 9'],
};

export function PresetIcon({ name }: { name: PresetIconName }) {
  return (
    <svg className="preset-card__icon" viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
