import { z } from "zod";
import { value } from "./text.ts";

const ms = (what: string) => z.int().min(0).max(600_000).describe(`${what}, in milliseconds`);
const seconds = (what: string, max: number) => z.number().min(0).max(max).describe(`${what}, in seconds`);
const px = (what: string) => z.int().min(0).max(2_000).describe(`${what}, in CSS pixels`);

export const BehaviourSchema = z
  .strictObject({
    header: z
      .strictObject({
        scrollThresholdPx: px("Scroll position above which scrolling up gives the header its scrolled look").meta({
          title: "Scroll threshold (px)",
        }),
      })
      .describe("The sticky header")
      .meta({ title: "Header" }),
    tooltip: z
      .strictObject({
        openDelayMs: ms("Hover time before a hint opens").meta({ title: "Open delay (ms)" }),
        skipDelayMs: ms("Time after a hint closes during which the next one opens at once").meta({
          title: "Skip delay (ms)",
        }),
        sideOffsetPx: px("Gap between a hint and what it points at").meta({ title: "Side offset (px)" }),
      })
      .describe("Hover hints")
      .meta({ title: "Tooltips" }),
    retry: z
      .strictObject({
        attempts: z
          .int()
          .min(1)
          .max(10)
          .describe("How many times a failed request is tried in all")
          .meta({ title: "Attempts" }),
        baseDelayMs: ms("Wait before the first retry").meta({ title: "First retry delay (ms)" }),
        factor: z
          .number()
          .min(1)
          .max(10)
          .describe("Each wait is the previous one times this")
          .meta({ title: "Backoff factor" }),
        maxDelayMs: ms("Longest wait between two tries").meta({ title: "Longest retry delay (ms)" }),
      })
      .describe("Retry policy for requests the site makes")
      .meta({ title: "Retry" }),
    delivery: z
      .strictObject({
        scheduleSeconds: z
          .array(seconds("Wait before an attempt", 7 * 86_400))
          .min(1)
          .max(20)
          .describe("Waits before each attempt to deliver a message, after the previous one: the first is 0 (at once)")
          .meta({ title: "Schedule (seconds)" }),
        repeatEverySeconds: seconds("Wait between attempts once the schedule is used up", 7 * 86_400).meta({
          title: "Repeat every (seconds)",
        }),
        giveUpAfterSeconds: seconds(
          "How long after its first attempt a message is tried; a last attempt is made at this time, then it is dead",
          30 * 86_400,
        ).meta({ title: "Give up after (seconds)" }),
        jitter: z
          .number()
          .min(0)
          .max(1)
          .describe("Each wait varies by up to this fraction either way (0.2: ±20 %), so messages spread out")
          .meta({ title: "Jitter" }),
        leaseSeconds: seconds(
          "How long a server holds a message it is delivering before another may take it (a crashed server's messages)",
          3_600,
        ).meta({ title: "Lease (seconds)" }),
        attemptTimeoutSeconds: seconds("How long one attempt may take (a webhook request, an SMTP session)", 600).meta({
          title: "Attempt timeout (seconds)",
        }),
      })
      .describe("Delivery of stored inquiries to the firm (mail, webhook): the server's policy, not the browser's")
      .meta({ title: "Delivery" }),
    visits: z
      .strictObject({
        endpoint: value("href", (s) =>
          s.regex(/^\/[a-z0-9\-/]+$/, { error: 'must be a path on this site like "/api/views"' }),
        )
          .describe("Where the page's script reports a view: this site's own server, which counts it")
          .meta({ title: "Endpoint" }),
        flushEverySeconds: z
          .int()
          .min(1)
          .max(60)
          .describe(
            "How often a server writes the views it holds in memory to the database, in one transaction; a crash loses at most this many seconds of views",
          )
          .meta({ title: "Flush interval (seconds)" }),
        viewsPerClientPerMinute: z
          .int()
          .min(1)
          .max(10_000)
          .describe("Views one client address may add per minute; more are refused (counted in memory, never stored)")
          .meta({ title: "Views per client per minute" }),
        campaignValueMaxLength: z
          .int()
          .min(8)
          .max(200)
          .describe("Longest utm_source, utm_medium or utm_campaign value counted; a longer one is cut to this")
          .meta({ title: "Longest campaign value" }),
      })
      .describe("Page views counted by the site's own server (visits/): per day, nothing that identifies a visitor")
      .meta({ title: "Visits" }),
    form: z
      .strictObject({
        longTextMinHeightPx: px("Minimum height of multi-line form fields").meta({
          title: "Long text minimum height (px)",
        }),
      })
      .describe("Forms")
      .meta({ title: "Form" }),
  })
  .describe("Behaviour constants of the site");

export type Behaviour = z.infer<typeof BehaviourSchema>;
