import { useEffect, useState } from 'react';
import { useApi } from '../../../../../lib/api';

/**
 * The names of the app's environment variables, for the form's "copy from my environment" rows;
 * empty until they arrive, and on failure (the name can still be typed, and main checks it on save).
 */
export function useAppEnvNames(): readonly string[] {
  const api = useApi();
  const [names, setNames] = useState<readonly string[]>([]);
  useEffect(() => {
    let current = true;
    api.mcp.appEnvNames.query().then(
      (answer) => current && setNames(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api]);
  return names;
}
