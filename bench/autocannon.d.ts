// The part of autocannon's API the benchmarks use (it ships no types of its own).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface Result {
    url: string;
    connections: number;
    duration: number;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: string;
    /** Requests in turn; `setupRequest` may change each before it is sent (bench/deviceHttp.ts). */
    requests?: Array<{ method?: string; path?: string; headers?: Record<string, string>; body?: string; setupRequest?: (request: AutocannonRequest) => AutocannonRequest }>;
  }

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
