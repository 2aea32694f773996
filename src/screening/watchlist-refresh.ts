import type { ScreeningProvider } from './screening-provider';
import { LocalScreeningProvider, type WatchlistChange } from './watchlist/local-screening-provider';

/** Takes a new list now if one is waiting (the local provider: a changed file, pending reload requests); yente takes its lists itself. */
export async function refreshWatchlist(provider: ScreeningProvider): Promise<void> {
  if (provider instanceof LocalScreeningProvider) await provider.refresh();
}

/** The entities a reload request (a row of watchlist_reloads) changed, as this process applied it; null when it did not (or the provider is not local). */
export function watchlistChangeOf(provider: ScreeningProvider, reloadId: number): WatchlistChange | null {
  return provider instanceof LocalScreeningProvider ? provider.changeOf(reloadId) : null;
}
