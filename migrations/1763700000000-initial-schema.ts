import type { MigrationInterface, QueryRunner } from 'typeorm';

// Forward-only. Written for MariaDB 10.11 and MySQL 8 alike. Every index a list or filter of the
// contract uses starts with org_id (tenant first) and ends with the keyset column.
const ID = 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin';
const TS = 'DATETIME(3)';
const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const statements = [
  `CREATE TABLE tenants (
    id ${ID} NOT NULL PRIMARY KEY,
    name VARCHAR(200) NOT NULL,
    brand_color VARCHAR(7) NOT NULL DEFAULT '#1F4FD8',
    logo_url VARCHAR(2048) NULL,
    full_parity_entitled TINYINT(1) NOT NULL DEFAULT 0,
    full_parity_enabled TINYINT(1) NOT NULL DEFAULT 0,
    four_eyes TINYINT(1) NOT NULL DEFAULT 1,
    created_at ${TS} NOT NULL,
    updated_at ${TS} NOT NULL
  ) ${TABLE}`,

  `CREATE TABLE members (
    id ${ID} NOT NULL PRIMARY KEY,
    org_id ${ID} NOT NULL,
    email VARCHAR(254) NOT NULL,
    name VARCHAR(200) NULL,
    password_hash VARCHAR(255) NOT NULL,
    role VARCHAR(32) NOT NULL,
    created_at ${TS} NOT NULL,
    removed_at ${TS} NULL,
    UNIQUE KEY uq_members_email (email),
    KEY ix_members_org (org_id, created_at),
    CONSTRAINT fk_members_org FOREIGN KEY (org_id) REFERENCES tenants (id)
  ) ${TABLE}`,

  `CREATE TABLE case_number_counters (
    org_id ${ID} NOT NULL,
    year SMALLINT NOT NULL,
    value INT NOT NULL,
    PRIMARY KEY (org_id, year)
  ) ${TABLE}`,

  `CREATE TABLE cases (
    pk BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    case_id VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    org_id ${ID} NOT NULL,
    status VARCHAR(20) NOT NULL,
    onboarding_stage VARCHAR(32) NOT NULL,
    source VARCHAR(20) NOT NULL,
    owner_member_id ${ID} NULL,
    owner_name VARCHAR(200) NULL,
    owner_email VARCHAR(254) NULL,
    crm_record_id VARCHAR(128) NULL,
    crm_source VARCHAR(64) NULL,
    customer_email VARCHAR(254) NULL,
    customer_name VARCHAR(200) NULL,
    company_name VARCHAR(200) NULL,
    company_number VARCHAR(64) NULL,
    country VARCHAR(100) NULL,
    risk_band VARCHAR(16) NULL,
    risk_score DECIMAL(5,2) NULL,
    total_hits INT NOT NULL DEFAULT 0,
    sanctioned_hits INT NOT NULL DEFAULT 0,
    pep_hits INT NOT NULL DEFAULT 0,
    invite_sent_at ${TS} NULL,
    created_by VARCHAR(254) NULL,
    event_sequence INT UNSIGNED NOT NULL DEFAULT 0,
    created_at ${TS} NOT NULL,
    updated_at ${TS} NOT NULL,
    closed_at ${TS} NULL,
    UNIQUE KEY uq_cases_org_case_id (org_id, case_id),
    KEY ix_cases_org_pk (org_id, pk),
    KEY ix_cases_org_status_pk (org_id, status, pk),
    KEY ix_cases_org_updated_pk (org_id, updated_at, pk),
    KEY ix_cases_org_crm (org_id, crm_record_id),
    KEY ix_cases_org_email (org_id, customer_email),
    CONSTRAINT fk_cases_org FOREIGN KEY (org_id) REFERENCES tenants (id)
  ) ${TABLE}`,

  `CREATE TABLE company_profiles (
    case_pk BIGINT UNSIGNED NOT NULL PRIMARY KEY,
    org_id ${ID} NOT NULL,
    company_name VARCHAR(200) NULL,
    registration_number VARCHAR(64) NULL,
    country VARCHAR(100) NULL,
    entity_type VARCHAR(100) NULL,
    incorporation_date DATE NULL,
    registered_address TEXT NULL,
    tax_id VARCHAR(64) NULL,
    vat_number VARCHAR(64) NULL,
    business_activity TEXT NULL,
    industry_sector VARCHAR(200) NULL,
    annual_revenue VARCHAR(100) NULL,
    website VARCHAR(2048) NULL,
    customer_email VARCHAR(254) NULL,
    source_of_funds TEXT NULL,
    transacts_internationally TINYINT(1) NOT NULL DEFAULT 0,
    international_countries JSON NOT NULL,
    custom_answers JSON NOT NULL,
    updated_at ${TS} NOT NULL,
    CONSTRAINT fk_profiles_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,

  `CREATE TABLE case_parties (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    kind VARCHAR(10) NOT NULL,
    position INT NOT NULL,
    person_key ${ID} NOT NULL,
    name VARCHAR(200) NOT NULL,
    email VARCHAR(254) NULL,
    roles JSON NOT NULL,
    ownership_percent DECIMAL(6,3) NULL,
    nationality VARCHAR(100) NULL,
    date_of_birth DATE NULL,
    id_number VARCHAR(64) NULL,
    id_country VARCHAR(100) NULL,
    country_of_residence VARCHAR(100) NULL,
    source VARCHAR(64) NULL,
    verification_status VARCHAR(20) NULL,
    KEY ix_parties_case (org_id, case_pk, kind, position),
    CONSTRAINT fk_parties_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,

  `CREATE TABLE documents (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    document_type VARCHAR(100) NULL,
    filename VARCHAR(255) NOT NULL,
    mime_type VARCHAR(127) NOT NULL,
    size_bytes BIGINT UNSIGNED NOT NULL,
    status VARCHAR(20) NOT NULL,
    confidence VARCHAR(10) NULL,
    warnings JSON NOT NULL,
    notes TEXT NULL,
    extracted_data JSON NOT NULL,
    uploaded_at ${TS} NOT NULL,
    updated_at ${TS} NOT NULL,
    KEY ix_documents_org_id (org_id, id),
    KEY ix_documents_org_case_id (org_id, case_pk, id),
    KEY ix_documents_org_status_id (org_id, status, id),
    CONSTRAINT fk_documents_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,

  `CREATE TABLE decisions (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    outcome VARCHAR(20) NOT NULL,
    notes TEXT NOT NULL,
    analyst_email VARCHAR(254) NOT NULL,
    auto TINYINT(1) NOT NULL DEFAULT 0,
    reason VARCHAR(32) NULL,
    decided_at ${TS} NOT NULL,
    KEY ix_decisions_case (org_id, case_pk, id),
    CONSTRAINT fk_decisions_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,

  `CREATE TABLE screening_hits (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    hit_id VARCHAR(191) NOT NULL,
    subject_id VARCHAR(191) NULL,
    subject_name VARCHAR(200) NULL,
    subject_role VARCHAR(64) NULL,
    caption VARCHAR(500) NULL,
    entity_schema VARCHAR(20) NULL,
    score DOUBLE NULL,
    topics JSON NOT NULL,
    positions JSON NOT NULL,
    nationality JSON NOT NULL,
    is_pep TINYINT(1) NOT NULL DEFAULT 0,
    is_sanctioned TINYINT(1) NOT NULL DEFAULT 0,
    source VARCHAR(32) NOT NULL,
    detected_at ${TS} NOT NULL,
    triage_status VARCHAR(20) NULL,
    triage_confidence INT NULL,
    triage_disposition VARCHAR(20) NULL,
    triage_reason TEXT NULL,
    disposition VARCHAR(20) NULL,
    disposition_note TEXT NULL,
    disposition_by VARCHAR(254) NULL,
    dispositioned_at ${TS} NULL,
    UNIQUE KEY uq_hits_case_hit (org_id, case_pk, hit_id),
    KEY ix_hits_case_id (org_id, case_pk, id),
    CONSTRAINT fk_hits_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,

  `CREATE TABLE risk_assessments (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    case_pk BIGINT UNSIGNED NOT NULL,
    config_id INT NOT NULL,
    composite_score DECIMAL(5,2) NOT NULL,
    band_id VARCHAR(16) NOT NULL,
    band_label VARCHAR(64) NOT NULL,
    assessed_by VARCHAR(254) NOT NULL,
    assessed_at ${TS} NOT NULL,
    KEY ix_risk_case (org_id, case_pk, id),
    CONSTRAINT fk_risk_case FOREIGN KEY (case_pk) REFERENCES cases (pk)
  ) ${TABLE}`,

  // The event store and outbox in one: data is the exact webhook payload bytes.
  `CREATE TABLE events (
    seq BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    event_id ${ID} NOT NULL,
    org_id ${ID} NOT NULL,
    type VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    version SMALLINT NOT NULL,
    occurred_at ${TS} NOT NULL,
    case_pk BIGINT UNSIGNED NULL,
    case_id VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NULL,
    case_sequence INT UNSIGNED NULL,
    data LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
    relayed_at ${TS} NULL,
    UNIQUE KEY uq_events_event_id (event_id),
    UNIQUE KEY uq_events_case_sequence (case_pk, case_sequence),
    KEY ix_events_org_seq (org_id, seq),
    KEY ix_events_org_type_seq (org_id, type, seq),
    KEY ix_events_unrelayed (relayed_at, seq)
  ) ${TABLE}`,

  `CREATE TABLE webhook_endpoints (
    id ${ID} NOT NULL PRIMARY KEY,
    org_id ${ID} NOT NULL,
    url VARCHAR(2048) NOT NULL,
    label VARCHAR(200) NOT NULL DEFAULT '',
    secret_ciphertext VARCHAR(512) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    secret_key_id VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    event_types JSON NULL,
    status VARCHAR(10) NOT NULL,
    created_at ${TS} NOT NULL,
    updated_at ${TS} NOT NULL,
    deleted_at ${TS} NULL,
    KEY ix_endpoints_org (org_id, created_at),
    CONSTRAINT fk_endpoints_org FOREIGN KEY (org_id) REFERENCES tenants (id)
  ) ${TABLE}`,

  `CREATE TABLE webhook_deliveries (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    endpoint_id ${ID} NOT NULL,
    event_seq BIGINT UNSIGNED NOT NULL,
    event_id ${ID} NOT NULL,
    event_type VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    state VARCHAR(16) NOT NULL,
    attempts INT NOT NULL DEFAULT 0,
    next_attempt_at ${TS} NULL,
    lease_until ${TS} NULL,
    last_http_status INT NULL,
    last_error TEXT NULL,
    created_at ${TS} NOT NULL,
    updated_at ${TS} NOT NULL,
    completed_at ${TS} NULL,
    UNIQUE KEY uq_deliveries_event_endpoint (event_id, endpoint_id),
    KEY ix_deliveries_org_id (org_id, id),
    KEY ix_deliveries_org_endpoint_id (org_id, endpoint_id, id),
    KEY ix_deliveries_due (state, next_attempt_at),
    CONSTRAINT fk_deliveries_endpoint FOREIGN KEY (endpoint_id) REFERENCES webhook_endpoints (id),
    CONSTRAINT fk_deliveries_event FOREIGN KEY (event_seq) REFERENCES events (seq)
  ) ${TABLE}`,

  `CREATE TABLE webhook_attempts (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    delivery_id BIGINT UNSIGNED NOT NULL,
    attempt_no INT NOT NULL,
    http_status INT NOT NULL,
    error_message TEXT NULL,
    response_body MEDIUMTEXT NULL,
    duration_ms INT NOT NULL,
    started_at ${TS} NOT NULL,
    finished_at ${TS} NOT NULL,
    UNIQUE KEY uq_attempts_delivery_no (delivery_id, attempt_no),
    CONSTRAINT fk_attempts_delivery FOREIGN KEY (delivery_id) REFERENCES webhook_deliveries (id)
  ) ${TABLE}`,

  // API clients (pull-API credentials of a tenant) and connectors (operator-registered, no tenant).
  `CREATE TABLE oauth_clients (
    id VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL PRIMARY KEY,
    org_id ${ID} NULL,
    kind VARCHAR(12) NOT NULL,
    name VARCHAR(200) NOT NULL,
    secret_hash VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NULL,
    scopes JSON NOT NULL,
    redirect_uris JSON NOT NULL,
    created_at ${TS} NOT NULL,
    last_used_at ${TS} NULL,
    revoked_at ${TS} NULL,
    KEY ix_clients_org (org_id, created_at)
  ) ${TABLE}`,

  // A grant is a connected app: one member's consent to one connector.
  `CREATE TABLE oauth_grants (
    id ${ID} NOT NULL PRIMARY KEY,
    org_id ${ID} NOT NULL,
    member_id ${ID} NOT NULL,
    client_id VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    scopes JSON NOT NULL,
    created_at ${TS} NOT NULL,
    last_used_at ${TS} NULL,
    revoked_at ${TS} NULL,
    KEY ix_grants_org (org_id, created_at),
    CONSTRAINT fk_grants_member FOREIGN KEY (member_id) REFERENCES members (id),
    CONSTRAINT fk_grants_client FOREIGN KEY (client_id) REFERENCES oauth_clients (id)
  ) ${TABLE}`,

  `CREATE TABLE oauth_codes (
    code_hash CHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL PRIMARY KEY,
    client_id VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    org_id ${ID} NOT NULL,
    member_id ${ID} NOT NULL,
    redirect_uri VARCHAR(2048) NOT NULL,
    scopes JSON NOT NULL,
    code_challenge VARCHAR(128) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    grant_id ${ID} NULL,
    expires_at ${TS} NOT NULL,
    used_at ${TS} NULL,
    created_at ${TS} NOT NULL
  ) ${TABLE}`,

  `CREATE TABLE oauth_refresh_tokens (
    token_hash CHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL PRIMARY KEY,
    grant_id ${ID} NOT NULL,
    org_id ${ID} NOT NULL,
    expires_at ${TS} NOT NULL,
    rotated_at ${TS} NULL,
    revoked_at ${TS} NULL,
    created_at ${TS} NOT NULL,
    KEY ix_refresh_grant (grant_id),
    CONSTRAINT fk_refresh_grant FOREIGN KEY (grant_id) REFERENCES oauth_grants (id)
  ) ${TABLE}`,

  `CREATE TABLE oauth_revoked_access_tokens (
    jti ${ID} NOT NULL PRIMARY KEY,
    expires_at ${TS} NOT NULL,
    KEY ix_revoked_expiry (expires_at)
  ) ${TABLE}`,

  `CREATE TABLE rate_limit_counters (
    bucket VARCHAR(191) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    window_start BIGINT NOT NULL,
    hits INT NOT NULL,
    PRIMARY KEY (bucket, window_start)
  ) ${TABLE}`,

  `CREATE TABLE idempotency_keys (
    org_id ${ID} NOT NULL,
    idem_key VARCHAR(255) NOT NULL,
    request_hash CHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    state VARCHAR(10) NOT NULL,
    response_status INT NULL,
    response_body MEDIUMTEXT NULL,
    created_at ${TS} NOT NULL,
    expires_at ${TS} NOT NULL,
    PRIMARY KEY (org_id, idem_key),
    KEY ix_idempotency_expiry (expires_at)
  ) ${TABLE}`,

  `CREATE TABLE tenant_config_audit_log (
    id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
    org_id ${ID} NOT NULL,
    actor VARCHAR(254) NOT NULL,
    action VARCHAR(64) NOT NULL,
    details JSON NOT NULL,
    created_at ${TS} NOT NULL,
    KEY ix_audit_org_id (org_id, id)
  ) ${TABLE}`,
];

export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of statements) await q.query(sql);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only.');
  }
}
