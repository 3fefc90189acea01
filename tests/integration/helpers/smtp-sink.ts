import { once } from "node:events";
import { createServer, type Socket } from "node:net";

/** One message as an SMTP server received it: the envelope's recipients and the raw data. */
export type ReceivedMail = { recipients: string[]; data: string };

/**
 * A minimal SMTP server on 127.0.0.1 that accepts everything and keeps what it was sent: enough
 * for nodemailer to deliver to, so a test sees the envelope a real mail server would act on.
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    const say = (line: string) => socket.write(`${line}\r\n`);
    let recipients: string[] = [];
    let data: string[] | null = null;
    let buffered = "";
    socket.on("data", (chunk: string) => {
      buffered += chunk;
      let end = buffered.indexOf("\r\n");
      while (end >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        end = buffered.indexOf("\r\n");
        if (data) {
          if (line === ".") {
            received.push({ recipients, data: data.join("\n") });
            data = null;
            say("250 queued");
          } else data.push(line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "MAIL") recipients = [];
        if (verb === "RCPT") recipients.push(line.replace(/^RCPT TO:\s*/i, ""));
        if (verb === "DATA") {
          data = [];
          say("354 go on");
        } else if (verb === "QUIT") {
          say("221 bye");
          socket.end();
        } else say("250 ok");
      }
    });
    say("220 sink");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the SMTP sink has no TCP port");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}
