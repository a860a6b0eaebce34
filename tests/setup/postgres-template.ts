// Global setup of the server suite. With TEST_DATABASE_URL, the migrations run once per run into
// a template database, and the workers' databases are copies of it (CREATE DATABASE … TEMPLATE, a
// file copy on the server; tests/server/database-pool.ts) instead of migrating each. The copies
// are named after the template (coursehub_test_<run>_<copy>) and dropped with it at the end. On
// PGlite it does nothing: there each worker boots and migrates its own first database.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/shared/db/database.ts';
import { admin, databases, withDatabase } from '../helpers/postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database on the TEST_DATABASE_URL server, when there is one. */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const run = randomBytes(6).toString('hex');
  const name = `coursehub_template_${run}`;
  await admin(url, `create database "${name}"`);
  const drop = async () => {
    for (const copy of await databases(url, `coursehub_test_${run}_%`)) await admin(url, `drop database if exists "${copy}" with (force)`);
    await admin(url, `drop database if exists "${name}" with (force)`);
  };
  try {
    // Closed before any copy: PostgreSQL copies only a template nobody is connected to.
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name) });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide('postgresTemplate', name);
  return drop;
}
