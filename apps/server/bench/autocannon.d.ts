/** The little of autocannon's API the scale benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    pipelining?: number;
    /** Paths requested in turn by each connection. */
    requests?: Array<{ method?: 'GET' | 'POST'; path: string }>;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Counts extends Histogram {
    total: number;
  }
  export interface Result {
    latency: Histogram;
    requests: Counts;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Responses by status code. */
    statusCodeStats: Record<string, { count: number }>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
