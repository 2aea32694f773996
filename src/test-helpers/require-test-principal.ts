import { authorize, principalMode, type Actor, type TokenActor } from '../access/index';
import { DomainError } from '../errors';

/** The refusal of a live credential: the helpers only ever move test data. */
export const LIVE_CREDENTIAL_MESSAGE = 'Test helpers work only with test credentials (a client id beginning test_): this is a live credential, '
  + 'and the helpers never touch live cases. Mint test credentials in the console\'s test view or with the CLI.';

/**
 * The one gate of every test helper: a token with the opt-in scope test_helpers (insufficient_scope otherwise)
 * that is a test principal: an API client of test mode, whose client id begins `test_` (a live credential, a
 * connector acting for a member, a member or anyone else is `forbidden`, with a message that says why).
 */
export function requireTestPrincipal(actor: Actor): asserts actor is TokenActor {
  authorize(actor, 'test_helpers:use');
  if (actor.kind !== 'api_client' || principalMode(actor) !== 'test') {
    throw new DomainError('forbidden', LIVE_CREDENTIAL_MESSAGE);
  }
}
