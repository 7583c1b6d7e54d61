// The E2E servers on PostgreSQL when TEST_DATABASE_URL is set (CI): the global setup seeds the demo once into a
// database of its own, and each test file's server gets a copy (`CREATE DATABASE … TEMPLATE`), where on PGlite each
// file copies a 50 MB data folder and runs the database inside the server's own process.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The database server the E2E tier may create databases on, if any. */
export function e2eAdminUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** The address of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  // One client a statement: CREATE and DROP DATABASE cannot run inside a pool's transaction.
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database named `portal_e2e_…`, empty or a copy of `template` (which nobody may be connected to). */
export async function createDatabase(adminUrl: string, template?: string): Promise<string> {
  const name = `portal_e2e_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return name;
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}
