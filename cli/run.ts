// Entry point when run as a process (bin/content.mjs bundles this file).
import { main } from "./index.ts";

const code = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
process.exitCode = code;
