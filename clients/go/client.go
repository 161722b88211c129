// Package client is a Five Up client on grpc-go: a connection with the generated stubs,
// bearer tokens as call metadata, and the machine-readable reason of a refused call
// (the google.rpc.ErrorInfo the server puts in the grpc-status-details-bin trailer).
//
// The stubs (package fiveupv1) are generated at build time from protos/ by protoc with
// protoc-gen-go and protoc-gen-go-grpc (clients/go/build.sh); nothing generated is kept in
// the repository.
package client

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"

	pb "fiveup/gen/fiveupv1"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// ErrorDomain is the ErrorInfo domain of the server's own reasons.
const ErrorDomain = "fiveup.v1"

// Client holds one channel and the stubs of the services a game client uses.
type Client struct {
	conn    *grpc.ClientConn
	Players pb.PlayerServiceClient
	Matches pb.MatchServiceClient
	Lobby   pb.LobbyServiceClient
	Rules   pb.RulesServiceClient
}

// Dial opens a plaintext channel to target ("host:port").  A deployment behind TLS uses
// grpc.WithTransportCredentials(credentials.NewTLS(...)) instead of WithInsecure.
func Dial(ctx context.Context, target string) (*Client, error) {
	conn, err := grpc.DialContext(ctx, target, grpc.WithInsecure(), grpc.WithBlock())
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", target, err)
	}
	return &Client{
		conn:    conn,
		Players: pb.NewPlayerServiceClient(conn),
		Matches: pb.NewMatchServiceClient(conn),
		Lobby:   pb.NewLobbyServiceClient(conn),
		Rules:   pb.NewRulesServiceClient(conn),
	}, nil
}

// Conn is the channel, for calls made by name (the conformance runner's).
func (c *Client) Conn() *grpc.ClientConn { return c.conn }

// Close closes the channel.
func (c *Client) Close() error { return c.conn.Close() }

// WithToken returns ctx carrying `authorization: Bearer <token>` (an access token or a seat
// token); an empty token adds nothing (a spectator's call).
func WithToken(ctx context.Context, token string) context.Context {
	if token == "" {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+token)
}

// Refusal is what a failed call says, in the parts a program branches on.
type Refusal struct {
	Code     codes.Code
	Reason   string            // ErrorInfo.reason ("" when the error carries none)
	Domain   string            // ErrorInfo.domain
	Metadata map[string]string // ErrorInfo.metadata (field, current_version...)
	Message  string            // for people, not for branching
}

// String is "CODE/REASON", e.g. "FAILED_PRECONDITION/MATCH_FINISHED".
func (r Refusal) String() string { return CodeName(r.Code) + "/" + r.Reason }

// codeNames are the canonical names of the status codes: grpc-go's Code.String() gives
// Go-style names ("FailedPrecondition"), while the protocol, the docs and every other
// client say "FAILED_PRECONDITION".
var codeNames = map[codes.Code]string{
	codes.OK: "OK", codes.Canceled: "CANCELLED", codes.Unknown: "UNKNOWN",
	codes.InvalidArgument: "INVALID_ARGUMENT", codes.DeadlineExceeded: "DEADLINE_EXCEEDED",
	codes.NotFound: "NOT_FOUND", codes.AlreadyExists: "ALREADY_EXISTS",
	codes.PermissionDenied: "PERMISSION_DENIED", codes.ResourceExhausted: "RESOURCE_EXHAUSTED",
	codes.FailedPrecondition: "FAILED_PRECONDITION", codes.Aborted: "ABORTED",
	codes.OutOfRange: "OUT_OF_RANGE", codes.Unimplemented: "UNIMPLEMENTED",
	codes.Internal: "INTERNAL", codes.Unavailable: "UNAVAILABLE", codes.DataLoss: "DATA_LOSS",
	codes.Unauthenticated: "UNAUTHENTICATED",
}

// CodeName is the canonical name of a status code ("NOT_FOUND").
func CodeName(code codes.Code) string {
	if name, ok := codeNames[code]; ok {
		return name
	}
	return fmt.Sprintf("CODE_%d", code)
}

// RefusalOf reads a call's error: its status code and the ErrorInfo among its details.
// grpc-go decodes grpc-status-details-bin into a google.rpc.Status for us
// (status.FromError) and unpacks each Any whose type is linked into the program
// (Status.Details): importing errdetails is what makes ErrorInfo known.
func RefusalOf(err error) Refusal {
	st, _ := status.FromError(err) // a non-status error reads as UNKNOWN
	refusal := Refusal{Code: st.Code(), Message: st.Message()}
	for _, detail := range st.Details() {
		if info, ok := detail.(*errdetails.ErrorInfo); ok {
			refusal.Reason, refusal.Domain, refusal.Metadata = info.Reason, info.Domain, info.Metadata
			break
		}
	}
	return refusal
}

// NewDeviceID makes the secret a guest signs in with (an app keeps it for good).
func NewDeviceID() string {
	raw := make([]byte, 24)
	if _, err := rand.Read(raw); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(raw)
}

// NewRequestID makes a fresh SubmitMove/UndoMove request id (a retry reuses the old one).
func NewRequestID() string {
	raw := make([]byte, 12)
	if _, err := rand.Read(raw); err != nil {
		panic(err)
	}
	return "go-" + base64.RawURLEncoding.EncodeToString(raw)
}
