// The lobby's lists (brands, machines) follow the same settings: fetched only while SHOW_LOBBY is on
// (§7: without the lobby nothing shows them), and kept as fresh as LOBBY_UPDATE says (§9). While
// the notice socket pushes the lobby's changes (statuses, jackpots) they are fresh already, so the
// lists are asked for only every 6 × LOBBY_UPDATE, a safety net for what a push cannot carry
// (brands' machine counts after staff changes, a reservation's details): 10,000 open lobbies
// polling every 10 s would be 2,000 requests a second only to hear what the pushes said (#16).
import { useEffect } from 'react';
import type { QueryKey } from '../../../shared/query/query-key';
import { type UseQueryOptions, useQuery } from '../../../shared/query/use-query';
import { useSettings } from '../../../shared/settings';
import { useLobbyPushesSince } from '../../../shared/socket/notice-events';

export function useLobbyQuery<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, Error, TData, TKey>,
) {
  const seconds = useSettings((settings) => settings.LOBBY_UPDATE);
  const showLobby = useSettings((settings) => settings.SHOW_LOBBY);
  const since = useLobbyPushesSince();
  const query = useQuery({
    ...options,
    enabled: showLobby,
    refetchInterval: (since ? 6 : 1) * seconds * 1000,
  });
  const { dataUpdatedAt, isFetching, refetch } = query;
  // Pushes made before `since` (the socket down, or the lobby off screen) never came: a list
  // older than that is refetched once, at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per start of the pushes, not again after a failed refetch
  useEffect(() => {
    if (showLobby && since > dataUpdatedAt && !isFetching) void refetch();
  }, [since]);
  return query;
}
