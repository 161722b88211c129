// Transports for Node.js: native gRPC over HTTP/2 (to `fiveup serve` itself), or gRPC-Web
// (to the Envoy gateway, as a browser would).
import { createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import type { Interceptor, Transport } from "@connectrpc/connect";

/** What a transport may add to every call: Connect interceptors (logging, metrics, a
 *  header of the app's own). */
export interface TransportOptions {
  interceptors?: Interceptor[];
}

/** Native gRPC to `host:port` (plaintext; put TLS in front as docs/deploy say). */
export function grpcTransport(address: string, options: TransportOptions = {}): Transport {
  const baseUrl = address.includes("://") ? address : `http://${address}`;
  return createGrpcTransport({ baseUrl, interceptors: options.interceptors });
}

/** gRPC-Web to the gateway's base URL (e.g. http://127.0.0.1:8080). */
export function grpcWebTransport(baseUrl: string, options: TransportOptions = {}): Transport {
  return createGrpcWebTransport({
    baseUrl, httpVersion: "1.1", useBinaryFormat: true, interceptors: options.interceptors,
  });
}
