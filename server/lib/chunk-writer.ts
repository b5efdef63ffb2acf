// Writing text to a stream (an HTTP response, a file) with backpressure: each write resolves when
// the stream can take more, and rejects once the stream has failed or its reader has gone.
import type { Writable } from "node:stream";

export function chunkWriter(out: Writable): (chunk: string) => Promise<void> {
  return (chunk) =>
    new Promise<void>((resolve, reject) => {
      if (out.destroyed || out.writableEnded) return reject(new Error("the destination closed before the backup was written"));
      const onClose = () => reject(new Error("the destination closed before the backup was written"));
      if (out.write(chunk)) return resolve();
      out.once("close", onClose);
      out.once("drain", () => {
        out.off("close", onClose);
        resolve();
      });
    });
}
