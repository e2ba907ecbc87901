// @ts-check
// The engine's side of its channels to the page hooks (site/lib/build-channels.ts,
// where they are typed once for both sides): a listener put on globalThis under
// Symbol.for(name), which the hooks find while the engine renders.
/** @import { BuildChannelName, BuildChannels } from "../site/lib/build-channels.ts" */

/**
 * Opens the channel `name`: from now on, in this thread, the page hooks reach `listener`.
 * @template {BuildChannelName} Name
 * @param {Name} name
 * @param {BuildChannels[Name]} listener
 */
export function openChannel(name, listener) {
  /** @type {Record<symbol, unknown>} */ (globalThis)[Symbol.for(name)] = listener;
}
