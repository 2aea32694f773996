// oidc-provider (devDependency, the tests' OpenID provider) ships no types; test/sso/identity-provider.ts types what it uses.
declare module 'oidc-provider';
