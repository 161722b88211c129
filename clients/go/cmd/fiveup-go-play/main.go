// Command fiveup-go-play is the whole story of a Go game client in one run: sign in as a
// guest, create a match against a bot, join it with the access token, play it to its end
// from the server's legal moves while following WatchMatch (dropped once and resumed
// with after_version), then read the reasons of two refused calls.  It prints one JSON
// line (the tests read it).
//
//	fiveup-go-play [-server 127.0.0.1:50051] [-target 61] [-drop-after 5]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	fiveup "fiveup/client"
	pb "fiveup/gen/fiveupv1"
)

type summary struct {
	PlayerID   string            `json:"player_id"`
	MatchID    string            `json:"match_id"`
	Seat       uint32            `json:"seat"`
	Moves      int               `json:"moves"`
	Events     int               `json:"events"`
	ResumedAt  int64             `json:"resumed_at"`
	Version    int64             `json:"version"`
	Status     string            `json:"status"`
	WinnerSide int64             `json:"winner_side"`
	Refusals   map[string]string `json:"refusals"`
}

func main() {
	server := flag.String("server", "127.0.0.1:50051", "the server's host:port")
	target := flag.Uint("target", 0, "displayed points to win (0: the standard 61)")
	dropAfter := flag.Int("drop-after", 5, "drop the stream after this many events, then resume it")
	timeout := flag.Duration("timeout", 120*time.Second, "give up after this long")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	if err := run(ctx, *server, uint32(*target), *dropAfter); err != nil {
		fmt.Fprintln(os.Stderr, "fiveup-go-play:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, server string, target uint32, dropAfter int) error {
	c, err := fiveup.Dial(ctx, server)
	if err != nil {
		return err
	}
	defer c.Close()
	signed, err := c.Players.SignInAsGuest(ctx, &pb.SignInAsGuestRequest{DeviceId: fiveup.NewDeviceID(), DisplayName: "Go client"})
	if err != nil {
		return fmt.Errorf("SignInAsGuest: %s", fiveup.RefusalOf(err))
	}
	access := signed.Session.AccessToken
	created, err := c.Matches.CreateMatch(fiveup.WithToken(ctx, access), &pb.CreateMatchRequest{
		Seats: []*pb.SeatSpec{
			{Kind: pb.SeatKind_SEAT_KIND_HUMAN},
			{Kind: pb.SeatKind_SEAT_KIND_BOT, Bot: pb.BotKind_BOT_KIND_GREEDY},
		},
		TargetPoints: target,
	})
	if err != nil {
		return fmt.Errorf("CreateMatch: %s", fiveup.RefusalOf(err))
	}
	joined, err := c.Matches.JoinMatch(fiveup.WithToken(ctx, access), &pb.JoinMatchRequest{MatchId: created.MatchId})
	if err != nil {
		return fmt.Errorf("JoinMatch: %s", fiveup.RefusalOf(err))
	}
	played, err := c.Play(ctx, created.MatchId, joined.Seat, access, dropAfter)
	if err != nil {
		return err
	}
	out := summary{
		PlayerID: signed.Session.Player.PlayerId, MatchID: created.MatchId, Seat: joined.Seat,
		Moves: played.Moves, Events: played.Events, ResumedAt: played.ResumedAt, Version: played.Version,
		Status: played.Status.String(), WinnerSide: played.WinnerSide, Refusals: map[string]string{},
	}
	// Two refusals and their reasons: a move in the finished match, and a token that is
	// not a token.
	_, err = c.Matches.SubmitMove(fiveup.WithToken(ctx, access), &pb.SubmitMoveRequest{
		MatchId: created.MatchId, Move: &pb.Move{Kind: &pb.Move_Draw{Draw: &pb.DrawMove{}}},
		ExpectedVersion: played.Version, RequestId: fiveup.NewRequestID(),
	})
	out.Refusals["move_after_end"] = fiveup.RefusalOf(err).String()
	_, err = c.Players.GetPlayer(fiveup.WithToken(ctx, "not-a-token"), &pb.GetPlayerRequest{})
	out.Refusals["bad_token"] = fiveup.RefusalOf(err).String()
	line, _ := json.Marshal(out)
	fmt.Println(string(line))
	return nil
}
