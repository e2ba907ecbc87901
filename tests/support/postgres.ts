// The PostgreSQL of the tests: ONE throwaway cluster per vitest run (this
// file is vitest's globalSetup), a database per test file and a schema per
// store opened, so every test starts empty without paying for a cluster.
// Without PostgreSQL installed the PostgreSQL tests are skipped with one
// line saying why, except in CI (CI=true), where that fails the run.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { findPostgresBin, startCluster } from "../../scripts/lib/pg-cluster.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The cluster's superuser URL, or null when PostgreSQL is not installed. */
    postgresUrl: string | null;
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const bin = findPostgresBin();
  if (!bin) {
    const reason = process.env.PG_BIN
      ? `no initdb and pg_ctl in PG_BIN=${process.env.PG_BIN}`
      : "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb; set PG_BIN)";
    if (process.env.CI === "true") throw new Error(`${reason}: CI runs the PostgreSQL tests, it never skips them`);
    console.log(`PostgreSQL tests skipped: ${reason}`);
    project.provide("postgresUrl", null);
    return undefined;
  }
  const cluster = await startCluster({ bin, durable: false });
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}

/** The cluster's superuser URL, or undefined when the PostgreSQL tests are skipped. */
export function postgresUrl(): string | undefined {
  return inject("postgresUrl") ?? undefined;
}

const name = (prefix: string) => `${prefix}_${randomBytes(6).toString("hex")}`;

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let fileDatabase: Promise<string> | undefined;

/** This test file's own database (created on first use). */
export function testDatabase(): Promise<string> {
  const url = postgresUrl();
  if (!url) throw new Error("no PostgreSQL in this run: guard the test with postgresUrl()");
  fileDatabase ??= admin(url, async (client) => {
    const database = name("t");
    await client.query(`CREATE DATABASE ${database}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${database}`;
    return dbUrl.toString();
  });
  return fileDatabase;
}

/**
 * A URL of an empty schema of this file's database: what one test's
 * "database" is. Two stores opened on the same URL share it, like two
 * servers on one database.
 */
export async function freshDatabaseUrl(): Promise<string> {
  const url = await testDatabase();
  const schema = name("s");
  await admin(url, (client) => client.query(`CREATE SCHEMA ${schema}`));
  const withSchema = new URL(url);
  withSchema.searchParams.set("options", `-c search_path=${schema}`);
  return withSchema.toString();
}

/** Runs one query on its own connection: what another process would see. */
export function queryDb<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  return admin(url, async (client) => (await client.query<R>(text, values)).rows);
}
