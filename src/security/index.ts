// Shared security primitives: sealing secrets under SECRETS_KEY, password hashes, random tokens.
export { sealSecret, openSecret, type Sealed } from './secret-box';
export { NO_PASSWORD_HASH, SERVICE_MEMBER_HASH, isUsablePasswordHash } from './passwords';
export { resolveAndCheck, UrlCheckFailure, type CheckedUrl } from './url-guard';
