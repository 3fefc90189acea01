import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "#server/db/schema/index.ts";
import { createMailer, type Mailer } from "#server/platform/mail.ts";
import { setUpTestRuntime } from "./helpers/fixture.ts";
import type { TestRuntime } from "./helpers/runtime.ts";
import { startSmtpSink } from "./helpers/smtp-sink.ts";

// The outbox's delivery over real SMTP (nodemailer to a local SMTP server): every message goes to
// the one mailbox its row names. Given a string, nodemailer reads a list of addresses, so a field
// that let "a@x.com,b@y.com" through would have mailed both.

const world = setUpTestRuntime();
let rt: TestRuntime;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let mailer: Mailer;

beforeAll(async () => {
  ({ rt } = world());
  sink = await startSmtpSink();
  mailer = createMailer({
    db: rt.database.db,
    config: { smtpUrl: sink.url, mailFrom: "Carrierline <no-reply@carrierline.example>" },
    logger: pino({ level: "silent" }),
  });
});
afterAll(() => sink.close());

const message = (to: string) => ({
  to,
  subject: "You're on the list",
  text: "Hello",
  template: "waitlist-confirmation",
});

const rowOf = async (id: string) =>
  (await rt.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

describe("delivering the outbox over SMTP", () => {
  it("sends a message to its one recipient and marks the row sent", async () => {
    const id = await mailer.record(rt.database.db, message("ana@reyes-telecom.example"));
    await mailer.deliver(id);
    expect(sink.received.map((m) => m.recipients)).toEqual([["<ana@reyes-telecom.example>"]]);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("sends nothing for a row addressed to a list or a display name, and marks it failed", async () => {
    const before = sink.received.length;
    for (const to of [
      "victim@mail.example,second@mail.example",
      "x <victim@mail.example>",
      "victim@mail.example.",
    ]) {
      const id = await mailer.record(rt.database.db, message(to));
      await mailer.deliver(id);
      expect(await rowOf(id), to).toMatchObject({
        status: "failed",
        lastError: expect.stringContaining("not addressed to one mailbox"),
      });
    }
    expect(sink.received.length).toBe(before);
  });
});
