import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationFn } from './helpers';

/**
 * Accounts and identity (issue 3): users, sessions (user and operator kinds), captchas, verification
 * codes and their outbox, login failures (rate limit), uploads, real-name verifications, operators
 * and the operator audit log. Flags are 0/1 integers and times UTC milliseconds, the same on both
 * engines.
 */
export const up: MigrationFn = async (db: Kysely<unknown>, engine) => {
  await idColumn(db.schema.createTable('users'), engine)
    .addColumn('username', 'varchar(30)', (c) => c.notNull())
    /** Lower-cased username: usernames are unique regardless of case. */
    .addColumn('username_key', 'varchar(30)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(30)', (c) => c.notNull())
    /** Stored lower-cased. */
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(16)')
    .addColumn('invite_code', 'varchar(12)', (c) => c.notNull())
    .addColumn('inviter_id', 'integer', (c) => c.references('users.id'))
    .addColumn('credit_score', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('certification', 'integer')
    .addColumn('trading_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('withdraw_prohibited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('withdraw_password_hash', 'varchar(200)')
    .addColumn('withdraw_locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('users_username_unique', ['username_key'])
    .addUniqueConstraint('users_nickname_unique', ['nickname'])
    .addUniqueConstraint('users_email_unique', ['email'])
    // NULL phones do not collide on either engine.
    .addUniqueConstraint('users_phone_unique', ['phone'])
    .addUniqueConstraint('users_invite_code_unique', ['invite_code'])
    .execute();
  await db.schema.createIndex('users_inviter_idx').on('users').column('inviter_id').execute();

  await idColumn(db.schema.createTable('operators'), engine)
    .addColumn('username', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // One table for both kinds; every lookup names its kind, so a user token never opens an operator
  // route and the other way round. Only the sha256 of a token is stored.
  await idColumn(db.schema.createTable('sessions'), engine)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('sessions_subject_idx')
    .on('sessions')
    .columns(['kind', 'subject_id'])
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute();

  await idColumn(db.schema.createTable('verification_codes'), engine)
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('verification_codes_target_idx')
    .on('verification_codes')
    .columns(['target', 'created_at'])
    .execute();

  await idColumn(db.schema.createTable('outbox'), engine)
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('login_failures'), engine)
    .addColumn('account_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_account_idx')
    .on('login_failures')
    .columns(['account_key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_failures_ip_idx')
    .on('login_failures')
    .columns(['ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('file_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('uploads_owner_idx')
    .on('uploads')
    .columns(['owner_id', 'created_at'])
    .execute();

  await idColumn(db.schema.createTable('verifications'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('doc_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('doc_number', 'varchar(20)', (c) => c.notNull())
    .addColumn('front_upload_id', 'varchar(32)', (c) => c.notNull().references('uploads.id'))
    .addColumn('back_upload_id', 'varchar(32)', (c) => c.notNull().references('uploads.id'))
    /** pending | approved | rejected */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reject_reason', 'varchar(200)')
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('reviewed_by', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('verifications_user_idx')
    .on('verifications')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema.createIndex('verifications_status_idx').on('verifications').column('status').execute();
  // A document number belongs to one person: unique among submissions that are not rejected.
  await db.schema
    .createIndex('verifications_document_unique')
    .on('verifications')
    .columns(['doc_type', 'doc_number'])
    .unique()
    .where(sql.ref('status'), '<>', 'rejected')
    .execute();
  // At most one submission under review per user.
  await db.schema
    .createIndex('verifications_pending_unique')
    .on('verifications')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await idColumn(db.schema.createTable('audit_log'), engine)
    .addColumn('operator_id', 'integer', (c) => c.references('operators.id'))
    /** Operator username, or cli:<name> for the command line. */
    .addColumn('actor', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(64)', (c) => c.notNull())
    .addColumn('before_json', 'text', (c) => c.notNull())
    .addColumn('after_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
};
