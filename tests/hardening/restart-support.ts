/** One "event:"/"data:"/"retry:" block of a server-sent event stream. */
export interface StreamEvent {
  event: string;
  data: string;
  retry?: number;
}

/**
 * Reads a server-sent event stream as EventSource parses it, calling `onEvent` for each block.
 * Resolves 'ended' when the server closed the stream cleanly, 'cut' when it broke off.
 */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamEvent) => void,
): Promise<'ended' | 'cut'> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'ended';
      buffered += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const event: StreamEvent = { event: 'message', data: '' };
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event.event = value;
          else if (field === 'data') event.data = value;
          else if (field === 'retry' && /^\d+$/.test(value)) event.retry = Number(value);
        }
        onEvent(event);
      }
    }
  } catch {
    return 'cut';
  }
}
