// The API clients (the generated SDK over gRPC-Web), made once the gateway is known.
// Every page asks for them with `await api()`: the one place that decides when the SDK
// is loaded.
import { createFiveUpClients } from "@fiveup/sdk";
import { browserTransport } from "@fiveup/sdk/web";

export type Clients = ReturnType<typeof createFiveUpClients>;

let gatewayUrl = "";
let made: Clients | null = null;

/** Where the gRPC-Web gateway is (config.json, read once at boot). */
export function setGateway(url: string): void {
  gatewayUrl = url;
  made = null;
}

export async function api(): Promise<Clients> {
  made ??= createFiveUpClients(browserTransport(gatewayUrl));
  return made;
}
