import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { AUTH_KEY } from '@afterglow/ui';

const isAdminQuery = (key: readonly unknown[]) =>
  typeof key[0] === 'string' && key[0].startsWith('/api/admin');

/** Re-checks the session (an admin may have lost the role) and reloads whatever admin data is cached. */
export function useRefresh() {
  const client = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const [refreshedAt, setRefreshedAt] = useState<Date | null>(null);
  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await Promise.all([
        client.refetchQueries({ queryKey: AUTH_KEY }),
        client.invalidateQueries({ predicate: (q) => isAdminQuery(q.queryKey) }),
      ]);
    } finally {
      setRefreshing(false);
      setRefreshedAt(new Date());
    }
  }, [client]);
  return { refresh, refreshing, refreshedAt };
}
