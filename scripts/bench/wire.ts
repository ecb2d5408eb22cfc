// How the benchmarks read an answer over HTTP, as a browser takes it.
import { request } from 'node:http';

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Latencies in milliseconds as the benchmarks report them: p50 and p95. */
export function latencyFigures(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;
}

/**
 * An answer as it arrives when the client accepts `encoding`: its status and the bytes on the wire,
 * read to the last byte but not decoded (a browser decodes natively, away from the page's thread).
 */
export function wireAnswer(
  url: string,
  headers: Record<string, string>,
  encoding: string,
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const call = request(url, { headers: { ...headers, 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
    });
    call.on('error', reject);
    call.end();
  });
}
