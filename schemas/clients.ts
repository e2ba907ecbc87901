import { z } from "zod";
import { line, name } from "./common.ts";

export const ClientsSchema = z
  .strictObject({
    heading: line("heading").describe("Heading of the clients section on the home page").meta({ title: "Heading" }),
    clients: z
      .array(
        z.strictObject({
          name: name().describe("The client's name; unique, ignoring case").meta({ title: "Name" }),
        }),
      )
      .length(12, { error: "must have exactly 12 clients" })
      .describe("The 12 clients shown on the home page")
      .meta({ title: "Clients" }),
  })
  .describe("Clients shown on the home page");

export type Clients = z.infer<typeof ClientsSchema>;
