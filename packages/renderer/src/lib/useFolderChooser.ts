import { useQuery } from '@tanstack/react-query';
import { useApi } from './api';
import { useTRPC } from './query';

/** The system's folder chooser where the window has one (the Electron app); a browser types the path. */
export function useFolderChooser(): { available: boolean; pick(title: string): Promise<string | null> } {
  const api = useApi();
  const trpc = useTRPC();
  const { data } = useQuery(trpc.dialogs.folderPicker.queryOptions());
  return {
    available: data?.available ?? false,
    pick: (title) => api.dialogs.pickFolder.mutate({ title }).then((answer) => answer.path, () => null),
  };
}
