// The browser transport: gRPC-Web (binary frames) through the Envoy gateway.
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import type { Transport } from "@connectrpc/connect";

export function browserTransport(baseUrl: string): Transport {
  return createGrpcWebTransport({ baseUrl, useBinaryFormat: true });
}
