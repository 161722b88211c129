// The operators' API (AdminService, protos/fiveup/v1/admin.proto) for the operators'
// console and tools: its own entry point, `@fiveup/sdk/admin`, so that nothing of it
// reaches an app that imports only `@fiveup/sdk` (the players' web bundle never names
// AdminService: tests/web/test_console_bundle.py checks).
import { createClient, type Client, type Transport } from "@connectrpc/connect";
import { AdminService } from "./gen/fiveup/v1/admin_pb.js";

export * from "./gen/fiveup/v1/admin_pb.js";
export { timestampDate, timestampFromDate, timestampNow } from "@bufbuild/protobuf/wkt";
export type { Timestamp } from "@bufbuild/protobuf/wkt";

export type AdminClient = Client<typeof AdminService>;

/** A Connect client of AdminService; every call needs an operator's bearer token
 *  (`withToken(token)` from `@fiveup/sdk`). */
export function createAdminClient(transport: Transport): AdminClient {
  return createClient(AdminService, transport);
}
