package client

import (
	"context"
	"errors"
	"fmt"
	"io"

	pb "fiveup/gen/fiveupv1"

	"google.golang.org/grpc/codes"
)

// Watch follows a match's WatchMatch stream on a goroutine and hands its events over in
// order.  Stop ends the stream; a new Watch with the last version seen resumes it.
type Watch struct {
	Events <-chan *pb.MatchEvent // closed when the stream ends; then Err says why
	err    error
	cancel context.CancelFunc
}

// StartWatch opens WatchMatch for the events after afterVersion (0: the whole match).
func (c *Client) StartWatch(ctx context.Context, matchID, token string, afterVersion int64) *Watch {
	ctx, cancel := context.WithCancel(WithToken(ctx, token))
	events := make(chan *pb.MatchEvent)
	w := &Watch{Events: events, cancel: cancel}
	go func() {
		defer close(events)
		stream, err := c.Matches.WatchMatch(ctx, &pb.WatchMatchRequest{MatchId: matchID, AfterVersion: afterVersion})
		if err != nil {
			w.err = err
			return
		}
		for {
			message, err := stream.Recv()
			if err != nil {
				if err != io.EOF && ctx.Err() == nil {
					w.err = err
				}
				return
			}
			if resync := message.GetResync(); resync != nil {
				w.err = fmt.Errorf("resync required at version %d: %s", resync.Version, resync.Reason)
				return
			}
			select {
			case events <- message.GetEvent():
			case <-ctx.Done():
				return
			}
		}
	}()
	return w
}

// Stop ends the stream (the goroutine finishes; Events closes).
func (w *Watch) Stop() { w.cancel() }

// Err is why the stream ended (nil: it ended normally, or Stop ended it); read it once
// Events is closed.
func (w *Watch) Err() error { return w.err }

// Played is the outcome of Play.
type Played struct {
	Moves      int   // moves this client submitted
	Events     int   // events received, over both streams
	ResumedAt  int64 // the after_version the second stream started from (0: never dropped)
	Version    int64 // the match's version at its end
	Status     pb.MatchStatus
	WinnerSide int64 // -1 when nobody won
}

// Play plays seat of matchID with token until the match ends.  Its turns come from the
// stream (each step's last event carries `turn`); on its turn it lists its legal moves
// (ListLegalMoves with min_version, so the answer is at least as new as the stream) and
// submits the one scoring most, with expected_version and a fresh request_id.  After
// dropAfter events it drops the stream and resumes it with after_version; every event's
// version must follow the previous one (no gap, no duplicate) across the two streams.
func (c *Client) Play(ctx context.Context, matchID string, seat uint32, token string, dropAfter int) (Played, error) {
	played := Played{WinnerSide: -1}
	watch := c.StartWatch(ctx, matchID, token, 0)
	defer func() { watch.Stop() }()
	var last, actFrom int64 // the newest version seen; act on turns announced at actFrom or later
	turn, ended := int64(-1), false
	apply := func(event *pb.MatchEvent) error {
		if event.Version != last+1 {
			return fmt.Errorf("stream went from version %d to %d", last, event.Version)
		}
		last = event.Version
		played.Events++
		switch {
		case event.Turn != nil:
			turn = int64(event.Turn.Seat)
		case event.GetRoundEnded() != nil:
			turn = -1 // nobody moves until the next deal announces a turn
		}
		ended = event.GetMatchEnded() != nil || event.GetMatchCancelled() != nil
		return nil
	}
	for !ended {
		if !(turn == int64(seat) && last >= actFrom) {
			event, open := <-watch.Events
			if !open {
				if err := watch.Err(); err != nil {
					return played, fmt.Errorf("watching: %w", err)
				}
				return played, errors.New("the stream ended before the match did")
			}
			if err := apply(event); err != nil {
				return played, err
			}
			if played.Events == dropAfter && played.ResumedAt == 0 {
				watch.Stop()
				played.ResumedAt = last
				watch = c.StartWatch(ctx, matchID, token, last)
			}
			continue
		}
		listed, err := c.Matches.ListLegalMoves(WithToken(ctx, token), &pb.ListLegalMovesRequest{MatchId: matchID, MinVersion: last})
		if err != nil {
			return played, fmt.Errorf("ListLegalMoves: %s: %w", RefusalOf(err), err)
		}
		if len(listed.Moves) == 0 { // the turn has moved on: wait for the stream to say so
			actFrom = last + 1
			continue
		}
		answer, err := c.Matches.SubmitMove(WithToken(ctx, token), &pb.SubmitMoveRequest{
			MatchId: matchID, Move: BestMove(listed.Moves), ExpectedVersion: listed.Version, RequestId: NewRequestID(),
		})
		if err != nil {
			if refusal := RefusalOf(err); refusal.Code == codes.Aborted || refusal.Reason == "NOT_YOUR_TURN" {
				actFrom = last + 1 // someone moved first: wait for the stream
				continue
			}
			return played, fmt.Errorf("SubmitMove: %s: %w", RefusalOf(err), err)
		}
		played.Moves++
		actFrom = answer.Version // the turn the stream announces after our move
	}
	final, err := c.Matches.GetMatch(WithToken(ctx, token), &pb.GetMatchRequest{MatchId: matchID, MinVersion: last})
	if err != nil {
		return played, fmt.Errorf("GetMatch: %s: %w", RefusalOf(err), err)
	}
	played.Version, played.Status = final.View.Version, final.View.Status
	if final.View.WinnerSide != nil {
		played.WinnerSide = int64(*final.View.WinnerSide)
	}
	return played, nil
}

// BestMove is the listed placement scoring the most points (the first among equals), else
// the one draw or pass the server lists.
func BestMove(moves []*pb.Move) *pb.Move {
	best := moves[0]
	for _, move := range moves[1:] {
		if move.GetPlace().GetPoints() > best.GetPlace().GetPoints() {
			best = move
		}
	}
	return best
}
