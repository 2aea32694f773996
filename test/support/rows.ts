// Entities the tests read directly to check what was stored (never to set up state a use case owns).
export { Member } from '../../src/tenants/member.entity';
export { OAuthClient as OAuthClientRow } from '../../src/oauth/oauth-client.entity';
