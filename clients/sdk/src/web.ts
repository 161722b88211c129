// The browser transport: gRPC-Web (binary frames) through the Envoy gateway.
//
// Streams (WatchMatch, FindMatch, ...) are fetched at low priority: a stream stays open
// for as long as its page shows, and at the browser's default (high, as any fetch()) it
// would count as a critical request for good -- competing with what the page still
// needs, and keeping page-load tools (Lighthouse) waiting for a load that never ends.
// Which calls are streams is the transport's own knowledge (an interceptor sees each
// call's method before its fetch), so no list of streaming methods is kept here.
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import type { Interceptor, Transport } from "@connectrpc/connect";

export function browserTransport(baseUrl: string): Transport {
  const streams = new Set<string>(); // the URLs of streaming methods, as they are called
  const noteStreams: Interceptor = (next) => async (req) => {
    if (req.stream) streams.add(req.url);
    return next(req);
  };
  const fetchWithPriority: typeof globalThis.fetch = (input, init) =>
    globalThis.fetch(input, streams.has(String(input)) ? { ...init, priority: "low" } : init);
  return createGrpcWebTransport({
    baseUrl, useBinaryFormat: true, interceptors: [noteStreams], fetch: fetchWithPriority,
  });
}
