import { useEffect, useState } from 'react';
import { useApi } from './api';

/** The system's folder chooser where the window has one (the Electron app); a browser types the path. */
export function useFolderChooser(): { available: boolean; pick(title: string): Promise<string | null> } {
  const api = useApi();
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let live = true;
    api.dialogs.folderPicker.query().then((answer) => live && setAvailable(answer.available), () => undefined);
    return () => {
      live = false;
    };
  }, [api]);
  return {
    available,
    pick: (title) => api.dialogs.pickFolder.mutate({ title }).then((answer) => answer.path, () => null),
  };
}
