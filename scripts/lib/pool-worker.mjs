// One worker of scripts/lib/pool.mjs: runs the step on its slice of files.
import { parentPort, workerData } from "node:worker_threads";

const { module, files, options } = workerData;
const { run } = await import(module);
parentPort?.postMessage(await run(files, options));
