/**
 * Which presets the list shows for a category and a search text. Pure: the search looks at the
 * name, the publisher, the translated description and the tool names, ignoring case.
 */
import type { McpPresetView } from '@elftia/desktop/router';
import type { PresetCategory } from '@elftia/desktop/shared/mcp-presets.ts';

export type CategoryFilter = 'all' | PresetCategory;

export function filterPresets(
  views: readonly McpPresetView[],
  category: CategoryFilter,
  search: string,
  describe: (view: McpPresetView) => string,
): McpPresetView[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return views.filter((view) => {
    if (category !== 'all' && view.preset.category !== category) return false;
    if (words.length === 0) return true;
    const haystack = [view.preset.name, view.preset.provider, describe(view), ...view.preset.tools].join('\n').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** What runs the preset, for its card: `npx`, `uvx`, or the transport. */
export function runnerLabel(view: McpPresetView): string {
  return view.preset.transportType === 'stdio' ? view.preset.command : 'HTTP';
}

/** Whether adding needs the dialog: a key nobody lends, or an input such as a folder. */
export function needsAnswers(view: McpPresetView): boolean {
  const { preset } = view;
  return (preset.requiresApiKey && !view.keyProvider) || (preset.inputs?.length ?? 0) > 0;
}
