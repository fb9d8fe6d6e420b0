// The lobby's lists (brands, machines) follow the same two settings: refreshed every LOBBY_UPDATE
// seconds (§9; pushes on the notice socket come sooner) and fetched only while SHOW_LOBBY is on
// (§7: without the lobby nothing shows them).
import type { QueryKey } from '../../../shared/query/query-key';
import { type UseQueryOptions, useQuery } from '../../../shared/query/use-query';
import { useSettings } from '../../../shared/settings';

export function useLobbyQuery<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, Error, TData, TKey>,
) {
  const seconds = useSettings((settings) => settings.LOBBY_UPDATE);
  const showLobby = useSettings((settings) => settings.SHOW_LOBBY);
  return useQuery({ ...options, enabled: showLobby, refetchInterval: seconds * 1000 });
}
