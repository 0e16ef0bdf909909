import { SqliteAdapter, type Kysely } from 'kysely';

/** Whether `db` speaks SQLite (else PostgreSQL), for the few statements the two spell differently. */
export const onSqlite = <DB>(db: Kysely<DB>) => db.getExecutor().adapter instanceof SqliteAdapter;
