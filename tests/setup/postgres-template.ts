// Global setup of the server suite. With TEST_DATABASE_URL, the migrations run once per run into
// a template database, and every test app gets a copy (CREATE DATABASE … TEMPLATE, a file copy
// on the server) instead of migrating a database of its own. On PGlite it does nothing: there each
// worker keeps its own migrated databases (tests/server/pglite-pool.ts).
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/shared/db/database.ts';
import { admin, withDatabase } from '../helpers/postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database on the TEST_DATABASE_URL server, when there is one. */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const name = `coursehub_template_${randomBytes(6).toString('hex')}`;
  await admin(url, `create database "${name}"`);
  const drop = () => admin(url, `drop database if exists "${name}" with (force)`);
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
