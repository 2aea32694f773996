// The person registry: the same human recognised across a tenant's cases.
export { findReusableIdDocument } from './find-reusable-id-document';
