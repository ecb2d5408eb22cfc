// A writer beside the bookings list's load (see reportBookingsList in bench.ts), in a process of its
// own: it changes a room's housekeeping status (dirty, clean, in turn) ten times a second, as a busy
// housekeeping team does, until it is stopped (SIGTERM). Input: one JSON argument (TListWriterInput);
// output on stdout: a line `writing` once its first change has been answered, and at the end the
// changes made, as JSON.
export type TListWriterInput = { base: string; headers: Record<string, string>; roomId: string };

const { base, headers, roomId } = JSON.parse(process.argv[2]!) as TListWriterInput;
const perSecond = 10;

let changes = 0;
let failure: Error | undefined;
let isStopped = false;
process.on('SIGTERM', () => (isStopped = true));

async function change(i: number): Promise<void> {
  const response = await fetch(`${base}/api/housekeeping/rooms/${roomId}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ housekeepingStatus: i % 2 === 0 ? 'dirty' : 'clean' }),
  });
  if (response.status !== 200) failure ??= new Error(`change ${i} answered ${response.status}`);
  await response.arrayBuffer();
  if (changes++ === 0) process.stdout.write('writing\n');
}

// Each change at its time, ten a second, whether the one before has been answered or not (at most
// ten under way), as staff on several devices do not wait for each other.
const started = performance.now();
const underWay = new Set<Promise<void>>();
for (let i = 0; !isStopped; i++) {
  if (underWay.size < perSecond) {
    const next = change(i).finally(() => underWay.delete(next));
    underWay.add(next);
  }
  const wait = started + (1000 * (i + 1)) / perSecond - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
await Promise.all(underWay);
if (failure) throw failure;
process.stdout.write(JSON.stringify({ changes, seconds: (performance.now() - started) / 1000 }));
