// @ts-check
// The build scripts' options, parsed by node:util's parseArgs (strict: an
// unknown option or a stray argument is an error naming the known ones).
import { parseArgs } from "node:util";

/**
 * `options`: name → description, all boolean flags. Returns the flags set;
 * on a wrong argument prints `<command>: <what is wrong> (known: --a, --b)`
 * and exits 2, as a usage error.
 * @template {string} Name
 * @param {string} command
 * @param {Record<Name, string>} options
 * @param {string[]} [args]
 * @returns {Record<Name, boolean>}
 */
export function buildArgs(command, options, args = process.argv.slice(2)) {
  try {
    const { values } = parseArgs({
      args,
      options: Object.fromEntries(Object.keys(options).map((name) => [name, { type: "boolean", default: false }])),
      strict: true,
      allowPositionals: false,
    });
    return /** @type {Record<Name, boolean>} */ (values);
  } catch (error) {
    const known = Object.entries(options).map(([name, what]) => `--${name} (${what})`);
    const first = error instanceof Error ? (error.message.split(". ")[0] ?? "") : String(error);
    const message = `${first.charAt(0).toLowerCase()}${first.slice(1)}`;
    console.error(`${command}: ${message}; known options: ${known.join(", ")}`);
    process.exit(2);
  }
}

/**
 * Whether the build runs on CI (CI=true, as GitHub Actions, GitLab, Netlify and Cloudflare set it).
 * @param {NodeJS.ProcessEnv} env
 */
export function onCI(env = process.env) {
  return Boolean(env.CI) && env.CI !== "false" && env.CI !== "0";
}
