import { Writable } from 'node:stream';

/** A stream that keeps every line a logger writes to it, for tests that search the log. */
export function logSink(lines: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
}
