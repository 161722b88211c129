// Command fiveup-go-first-move: sign in as a guest, start a match against a bot, make the
// first legal move, and read the reason of a refused call.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	pb "fiveup/gen/fiveupv1"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := grpc.DialContext(ctx, os.Args[1], grpc.WithInsecure(), grpc.WithBlock())
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close()
	players, matches := pb.NewPlayerServiceClient(conn), pb.NewMatchServiceClient(conn)

	signed, err := players.SignInAsGuest(ctx, &pb.SignInAsGuestRequest{DeviceId: "first-move-" + fmt.Sprint(time.Now().UnixNano())})
	if err != nil {
		log.Fatal(err)
	}
	authed := metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+signed.Session.AccessToken)
	created, err := matches.CreateMatch(authed, &pb.CreateMatchRequest{Seats: []*pb.SeatSpec{
		{Kind: pb.SeatKind_SEAT_KIND_HUMAN},
		{Kind: pb.SeatKind_SEAT_KIND_BOT, Bot: pb.BotKind_BOT_KIND_GREEDY},
	}})
	if err != nil {
		log.Fatal(err)
	}
	if _, err := matches.JoinMatch(authed, &pb.JoinMatchRequest{MatchId: created.MatchId}); err != nil {
		log.Fatal(err)
	}
	// The bot may lead: wait until the list of legal moves is not empty.
	var listed *pb.ListLegalMovesResponse
	for listed == nil || len(listed.Moves) == 0 {
		if listed, err = matches.ListLegalMoves(authed, &pb.ListLegalMovesRequest{MatchId: created.MatchId}); err != nil {
			log.Fatal(err)
		}
	}
	moved, err := matches.SubmitMove(authed, &pb.SubmitMoveRequest{
		MatchId: created.MatchId, Move: listed.Moves[0], ExpectedVersion: listed.Version, RequestId: "first-move",
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("moved; the match is at version", moved.Version)

	// The same move again with a new request id: the match has moved on.
	_, err = matches.SubmitMove(authed, &pb.SubmitMoveRequest{
		MatchId: created.MatchId, Move: listed.Moves[0], ExpectedVersion: listed.Version, RequestId: "second-move",
	})
	for _, detail := range status.Convert(err).Details() {
		if info, ok := detail.(*errdetails.ErrorInfo); ok {
			fmt.Println("refused:", status.Code(err), info.Reason)
		}
	}
}
