// The watchlist's CLI command (issue 27, "Lists that change"): take a new list without a restart.
import type { Command } from 'commander';
import { SERVICE_OPERATOR } from '../src/access/index';
import { requestWatchlistReload } from '../src/screening/index';
import { runs, serviceCommand } from './cli-kit';

export function addWatchlistCommands(program: Command): void {
  serviceCommand(program, 'watchlist:reload', [
    'Make every running API and worker process take a new watchlist within 5 s, without a restart: WATCHLIST_PATH read again (indexed beside',
    'the current list, then swapped in; a file that fails to load keeps the current list), or with --delta an OpenSanctions delta file',
    '(JSON lines of {"op":"ADD"|"MOD"|"DEL","entity":{...}}) applied in place. Monitored cases are then rescreened against the changed',
    'entities only. Prints {"reloadId","kind","path","digest","upserts","removed"}.',
  ].join(' '))
    .option('--delta <file>', 'an OpenSanctions delta file to apply to the current list (the path must be readable by every process)')
    .action(runs((svc, o: { delta?: string }) => requestWatchlistReload(svc, SERVICE_OPERATOR, { deltaPath: o.delta ?? null })));
}
