// What the crash benchmarks and the topology test count: a capture SMTP
// server and a capture webhook receiver (in this process, counting each
// inquiry's deliveries), the rows a store holds by Idempotency-Key, and
// whether every request was stored exactly once and delivered at least once.
import { createServer } from "node:http";
import Database from "better-sqlite3";
import pg from "pg";
import { SMTPServer } from "smtp-server";

/** A capture SMTP server on 127.0.0.1: deliveries by X-Inquiry-Id. */
export async function captureSmtp() {
  const mails = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk) => {
        raw += chunk;
      });
      stream.on("end", () => {
        const id = /^X-Inquiry-Id:\s*(\S+)/im.exec(raw)?.[1];
        if (id) mails.set(id, (mails.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  // A server killed with -9 resets its pooled connection: that is the test, not an error of the capture.
  server.on("error", () => {});
  const port = await new Promise((resolve) => {
    const listening = server.listen(0, "127.0.0.1", () => resolve(listening.address().port));
  });
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((r) => server.close(r)) };
}

/** A capture webhook receiver on 127.0.0.1: deliveries by webhook-id (msg_<inquiry id>). */
export async function captureWebhook() {
  const hooks = new Map();
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["webhook-id"] ?? "").replace(/^msg_/, "");
      if (id) hooks.set(id, (hooks.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  const port = await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server.address().port)));
  return {
    url: `http://127.0.0.1:${port}/hook`,
    hooks,
    close: () =>
      new Promise((r) => {
        server.close(r);
        server.closeAllConnections();
      }),
  };
}

/** Inquiry rows as { id, key }, read through a connection of this process (DATABASE_URL or INQUIRY_DB). */
export async function storedRows(store) {
  if (store.DATABASE_URL) {
    const client = new pg.Client(store.DATABASE_URL);
    await client.connect();
    try {
      return (await client.query("SELECT id, idempotency_key AS key FROM inquiries")).rows;
    } finally {
      await client.end();
    }
  }
  const db = new Database(store.INQUIRY_DB, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT id, idempotency_key AS key FROM inquiries").all();
  } finally {
    db.close();
  }
}

/**
 * How `results` (one per request: key, status of its last try, status and id
 * of its first) came out against `rows`: acknowledged on the first try,
 * acknowledged but not stored exactly once under that id, requests not
 * stored exactly once, rows, and requests never answered 201 by status.
 */
export function storedOnce(results, rows) {
  const byKey = new Map();
  for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row.id]);
  const acknowledged = results.filter((r) => r.firstStatus === 201);
  const unanswered = {};
  for (const r of results.filter((r) => r.status !== 201)) unanswered[r.status] = (unanswered[r.status] ?? 0) + 1;
  return {
    acknowledged: acknowledged.length,
    ackLost: acknowledged.filter((r) => (byKey.get(r.key) ?? []).join() !== r.id).length,
    notOnce: results.filter((r) => (byKey.get(r.key) ?? []).length !== 1).length,
    rows: rows.length,
    unanswered,
  };
}

/**
 * Waits until every id was mailed and webhooked (or `timeoutMs` passed);
 * returns those never mailed, never webhooked, and the deliveries beyond the first.
 */
export async function delivered(ids, { smtp, webhook, timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  const missing = () => ({
    mail: ids.filter((id) => !smtp.mails.has(id)).length,
    webhook: ids.filter((id) => !webhook.hooks.has(id)).length,
  });
  while (Date.now() < deadline) {
    const m = missing();
    if (m.mail === 0 && m.webhook === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const extra = (counts) => ids.reduce((sum, id) => sum + Math.max(0, (counts.get(id) ?? 0) - 1), 0);
  return { ...missing(), duplicateMails: extra(smtp.mails), duplicateWebhooks: extra(webhook.hooks) };
}

/** The median and 99th percentile latency of the first tries answered 201 at once (NaN when there are none). */
export function firstTryLatencies(results) {
  const latencies = results
    .filter((r) => r.firstStatus === 201)
    .map((r) => r.ms)
    .sort((a, b) => a - b);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { p50: pick(0.5), p99: pick(0.99) };
}

/** Rows of [label, value…] as aligned columns, the first left-aligned. */
export function printTable(rows, log = console.log) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  for (const row of rows) {
    log(
      row
        .map((cell, column) =>
          column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]),
        )
        .join("  "),
    );
  }
}
