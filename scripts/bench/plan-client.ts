// The room plan's latency, measured by a process of its own (see measurePlan in bench.ts): the
// benchmark's main process holds the loaded hotel and every benchmark's modules, some 80 MB, and its
// full garbage collections (5 to 14 ms each, several per 200 requests) fell inside timed requests.
// Here the heap is a few megabytes. Input: one JSON argument (TPlanClientInput); output: the figures
// as JSON on stdout.
import { percentile, wireAnswer } from './wire.ts';

export type TPlanClientInput = {
  base: string;
  url: string;
  headers: Record<string, string>;
  requests: number;
  encodings: string;
  /** With it, each request follows a change: a room's housekeeping status, then a booking's colour. */
  change?: { roomId: string; bookingId: string };
};

const { base, url, headers, requests, encodings, change } = JSON.parse(process.argv[2]!) as TPlanClientInput;

async function changeOnce(i: number): Promise<void> {
  const response =
    i % 2 === 0
      ? await fetch(`${base}/api/housekeeping/rooms/${change!.roomId}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ housekeepingStatus: i % 4 === 0 ? 'dirty' : 'clean' }),
        })
      : await fetch(`${base}/api/bookings/${change!.bookingId}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ color: i % 4 === 1 ? '#1d5fd8' : null }),
        });
  if (response.status !== 200) throw new Error(`change ${i} answered ${response.status}`);
  await response.arrayBuffer();
}

const latencies: number[] = [];
for (let i = 0; i < requests + 10; i++) {
  if (change) await changeOnce(i);
  const started = performance.now();
  const { status } = await wireAnswer(url, headers, encodings);
  if (status !== 200) throw new Error(`room plan answered ${status}`);
  if (i >= 10) latencies.push(performance.now() - started);
}
latencies.sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ median: percentile(latencies, 50), p95: percentile(latencies, 95) }));
