// Command fiveup-go-conformance runs the conformance cases (clients/conformance/cases.json)
// against a server over grpc-go, printing one line per case and `N passed, N failed`.
//
//	fiveup-go-conformance CASES HOST:PORT [CASE_NAME...]
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	fiveup "fiveup/client"
	pb "fiveup/gen/fiveupv1"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

const (
	callTimeout   = 30 * time.Second
	watchDeadline = 30 * time.Second
)

// answer is one unary answer: body (as JSON) when code is OK.
type answer struct {
	code, reason, message string
	body                  interface{}
	raw                   []byte
}

type runner struct {
	client  *fiveup.Client
	counter int
}

// toJSON renders a message as the proto3 JSON mapping, read back as a JSON value.
func toJSON(message proto.Message) interface{} {
	raw, err := protojson.Marshal(message)
	if err != nil {
		panic(err)
	}
	var out interface{}
	if err := json.Unmarshal(raw, &out); err != nil {
		panic(err)
	}
	return out
}

// fromJSON parses a JSON value into message with protojson.
func fromJSON(value interface{}, message proto.Message) error {
	raw, _ := json.Marshal(value)
	if err := protojson.Unmarshal(raw, message); err != nil {
		return fail("the request does not parse as %s: %v", message.ProtoReflect().Descriptor().FullName(), err)
	}
	return nil
}

// types finds a method's request and response types among the generated ones
// (registered by package fiveupv1 when it loads).
func types(method string) (proto.Message, proto.Message, string, error) {
	dot := bytes.IndexByte([]byte(method), '.')
	if dot < 0 {
		return nil, nil, "", fail("bad call name %q", method)
	}
	service, name := method[:dot], method[dot+1:]
	found, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName("fiveup.v1." + service))
	if err != nil {
		return nil, nil, "", fail("no service fiveup.v1.%s", service)
	}
	described := found.(protoreflect.ServiceDescriptor).Methods().ByName(protoreflect.Name(name))
	if described == nil {
		return nil, nil, "", fail("no method %s", method)
	}
	in, err1 := protoregistry.GlobalTypes.FindMessageByName(described.Input().FullName())
	out, err2 := protoregistry.GlobalTypes.FindMessageByName(described.Output().FullName())
	if err1 != nil || err2 != nil {
		return nil, nil, "", fail("no generated types for %s", method)
	}
	return in.New().Interface(), out.New().Interface(), "/fiveup.v1." + service + "/" + name, nil
}

func (r *runner) call(method string, request interface{}, auth string) (answer, error) {
	in, out, path, err := types(method)
	if err != nil {
		return answer{}, err
	}
	if err := fromJSON(request, in); err != nil {
		return answer{}, err
	}
	ctx, cancel := context.WithTimeout(fiveup.WithToken(context.Background(), auth), callTimeout)
	defer cancel()
	if err := r.client.Conn().Invoke(ctx, path, in, out); err != nil {
		refusal := fiveup.RefusalOf(err)
		return answer{code: fiveup.CodeName(refusal.Code), reason: refusal.Reason, message: refusal.Message}, nil
	}
	raw, _ := proto.Marshal(out) // the answer's bytes, re-serialised
	return answer{code: "OK", body: toJSON(out), raw: raw}, nil
}

func (r *runner) ok(method string, request map[string]interface{}, auth string) (map[string]interface{}, error) {
	got, err := r.call(method, request, auth)
	if err != nil {
		return nil, err
	}
	if got.code != "OK" {
		return nil, fail("%s: %s %s: %s", method, got.code, got.reason, got.message)
	}
	body, _ := got.body.(map[string]interface{})
	return body, nil
}

func (r *runner) view(match, auth string) (map[string]interface{}, error) {
	got, err := r.ok("MatchService.GetMatch", map[string]interface{}{"matchId": match}, auth)
	if err != nil {
		return nil, err
	}
	view, _ := got["view"].(map[string]interface{})
	return view, nil
}

// watched is what a WatchMatch stream delivered before it ended or was dropped.
type watched struct {
	messages []interface{}
	raws     [][]byte
	ended    bool
	code     string
	reason   string
}

func (r *runner) openWatch(request interface{}, auth string, take int) (watched, error) {
	in := &pb.WatchMatchRequest{}
	if err := fromJSON(request, in); err != nil {
		return watched{}, err
	}
	ctx, cancel := context.WithTimeout(fiveup.WithToken(context.Background(), auth), watchDeadline)
	defer cancel() // with take: drops the stream (the client goes away mid-match)
	seen := watched{code: "OK"}
	stream, err := r.client.Matches.WatchMatch(ctx, in)
	if err == nil {
		for take < 0 || len(seen.messages) < take {
			var message *pb.WatchMatchResponse
			if message, err = stream.Recv(); err != nil {
				break
			}
			raw, _ := proto.Marshal(message)
			seen.raws = append(seen.raws, raw)
			seen.messages = append(seen.messages, toJSON(message))
		}
	}
	switch {
	case err == nil: // took what it wanted
	case errors.Is(err, io.EOF):
		seen.ended = true
	case status.Code(err) == codes.DeadlineExceeded:
	default:
		refusal := fiveup.RefusalOf(err)
		seen.code, seen.reason = fiveup.CodeName(refusal.Code), refusal.Reason
	}
	return seen, nil
}

func number(value interface{}) (int64, bool) {
	switch v := normalise(value).(type) {
	case float64:
		return int64(v), true
	}
	return 0, false
}

func (r *runner) turn(step map[string]interface{}) (interface{}, error) {
	tokens, _ := step["tokens"].([]interface{})
	match, _ := step["match"].(string)
	view, err := r.view(match, "")
	if err != nil {
		return nil, err
	}
	seat, ok := number(view["turnSeat"])
	if _, set := view["turnSeat"]; !set || !ok {
		return nil, fail("nobody is to move (view.turnSeat unset)")
	}
	return map[string]interface{}{
		"seat": float64(seat), "token": tokens[seat], "other": tokens[(int(seat)+1)%len(tokens)],
	}, nil
}

func (r *runner) playToEnd(step map[string]interface{}, run string) (interface{}, error) {
	tokens, _ := step["tokens"].([]interface{})
	match, _ := step["match"].(string)
	limit, ok := number(step["maxMoves"])
	if !ok {
		limit = 2000
	}
	moves := 0
	for {
		view, err := r.view(match, "")
		if err != nil {
			return nil, err
		}
		if view["status"] != "MATCH_STATUS_IN_PROGRESS" {
			return map[string]interface{}{"moves": float64(moves), "view": view}, nil
		}
		if int64(moves) >= limit {
			return nil, fail("no end after %d moves", moves)
		}
		seat, _ := number(view["turnSeat"])
		token, _ := tokens[seat].(string)
		legal, err := r.ok("MatchService.ListLegalMoves", map[string]interface{}{"matchId": match}, token)
		if err != nil {
			return nil, err
		}
		listed, _ := legal["moves"].([]interface{})
		if len(listed) == 0 {
			return nil, fail("seat %d is to move but has no legal move", seat)
		}
		expected, _ := number(legal["version"])
		r.counter++
		done, err := r.ok("MatchService.SubmitMove", map[string]interface{}{
			"matchId": match, "move": listed[0], "expectedVersion": expected,
			"requestId": fmt.Sprintf("conformance-%s-%d", run, r.counter),
		}, token)
		if err != nil {
			return nil, err
		}
		if after, _ := number(done["version"]); after <= expected {
			return nil, fail("SubmitMove answered version %d <= %d", after, expected)
		}
		moves++
	}
}

func (r *runner) watch(step map[string]interface{}) (interface{}, error) {
	after, _ := number(step["afterVersion"])
	take := -1
	if n, ok := number(step["take"]); ok {
		take = int(n)
	}
	auth, _ := step["auth"].(string)
	seen, err := r.openWatch(map[string]interface{}{"matchId": step["match"], "afterVersion": after}, auth, take)
	if err != nil {
		return nil, err
	}
	if seen.code != "OK" {
		return nil, fail("WatchMatch ended with %s %s", seen.code, seen.reason)
	}
	if take >= 0 && len(seen.messages) < take {
		return nil, fail("WatchMatch gave %d events, %d wanted", len(seen.messages), take)
	}
	if take < 0 && !seen.ended {
		return nil, fail("WatchMatch did not end within the deadline")
	}
	events := []interface{}{}
	versions := []int64{}
	for _, message := range seen.messages {
		event, ok := message.(map[string]interface{})["event"]
		if !ok {
			return nil, fail("WatchMatch sent %s instead of an event", shown(message))
		}
		events = append(events, event)
		version, _ := number(event.(map[string]interface{})["version"])
		versions = append(versions, version)
	}
	for i, version := range versions {
		if version != after+1+int64(i) {
			return nil, fail("versions %d.. expected, got %v", after+1, versions)
		}
	}
	result := map[string]interface{}{"count": float64(len(events)), "events": events, "ended": seen.ended}
	if len(versions) > 0 {
		result["firstVersion"] = float64(versions[0])
		result["lastVersion"] = float64(versions[len(versions)-1])
	}
	return result, nil
}

// leaks says whether raw carries hand the way a leaked deal (Hand) or view (MatchView.hand)
// would: their exact serialisations.
func leaks(hand []interface{}, raw []byte) (bool, error) {
	tiles := []*pb.Tile{}
	for _, item := range hand {
		tile := &pb.Tile{}
		if err := fromJSON(item, tile); err != nil {
			return false, err
		}
		tiles = append(tiles, tile)
	}
	for _, shape := range []proto.Message{&pb.Hand{Tiles: tiles}, &pb.MatchView{Hand: tiles}} {
		wire, _ := proto.Marshal(shape)
		if bytes.Contains(raw, wire) {
			return true, nil
		}
	}
	return false, nil
}

func (r *runner) hiddenHands(step map[string]interface{}) (interface{}, error) {
	match, _ := step["match"].(string)
	tokens, _ := step["tokens"].([]interface{})
	hands := [][]interface{}{}
	for seat, token := range tokens {
		text, _ := token.(string)
		view, err := r.view(match, text)
		if err != nil {
			return nil, err
		}
		hand, _ := view["hand"].([]interface{})
		if len(hand) == 0 {
			return nil, fail("seat %d sees no hand of its own", seat)
		}
		hands = append(hands, hand)
	}
	spectator, err := r.call("MatchService.GetMatch", map[string]interface{}{"matchId": match}, "")
	if err != nil {
		return nil, err
	}
	if spectator.code != "OK" {
		return nil, fail("spectator GetMatch: %s %s", spectator.code, spectator.reason)
	}
	view, _ := spectator.body.(map[string]interface{})["view"].(map[string]interface{})
	for _, name := range []string{"hand", "legalMoves", "mustPlay", "viewerSeat"} {
		if value, ok := view[name]; ok {
			return nil, fail("the spectator's view has %s: %s", name, shown(value))
		}
	}
	take, _ := number(view["version"])
	seen, err := r.openWatch(map[string]interface{}{"matchId": match, "afterVersion": 0}, "", int(take))
	if err != nil {
		return nil, err
	}
	if int64(len(seen.messages)) < take {
		return nil, fail("the spectator's stream gave %d of %d events", len(seen.messages), take)
	}
	for _, message := range seen.messages {
		dealt := getPath(message, "event.roundDealt.hands")
		if list, ok := dealt.([]interface{}); ok {
			for _, hand := range list {
				if tiles := getPath(hand, "tiles"); !isDefault(tiles) {
					return nil, fail("the spectator was dealt %s", shown(tiles))
				}
			}
		}
	}
	raws := append([][]byte{spectator.raw}, seen.raws...)
	for seat, hand := range hands {
		for _, raw := range raws {
			leaked, err := leaks(hand, raw)
			if err != nil {
				return nil, err
			}
			if leaked {
				return nil, fail("seat %d's hidden tiles are in a spectator's bytes", seat)
			}
		}
	}
	tiles := 0
	for _, hand := range hands {
		tiles += len(hand)
	}
	return map[string]interface{}{"hiddenTiles": float64(tiles), "spectatorAnswers": float64(len(raws))}, nil
}

func (r *runner) step(step map[string]interface{}, vars map[string]interface{}, run string) error {
	bare := map[string]interface{}{}
	for key, value := range step {
		if key != "expect" && key != "save" {
			bare[key] = value
		}
	}
	expandedValue, err := substitute(bare, vars)
	if err != nil {
		return err
	}
	expanded := expandedValue.(map[string]interface{})
	expectValue, err := substitute(step["expect"], vars)
	if err != nil {
		return err
	}
	expect, _ := expectValue.(map[string]interface{})
	var result interface{}
	if method, ok := expanded["call"].(string); ok {
		auth, _ := expanded["auth"].(string)
		request := expanded["request"]
		if request == nil {
			request = map[string]interface{}{}
		}
		got, err := r.call(method, request, auth)
		if err != nil {
			return err
		}
		if err := check(expect, got.code, got.reason, got.message, got.body, vars); err != nil {
			return err
		}
		result = got.body
	} else {
		switch procedure, _ := expanded["do"].(string); procedure {
		case "turn":
			result, err = r.turn(expanded)
		case "play_to_end":
			result, err = r.playToEnd(expanded, run)
		case "watch":
			result, err = r.watch(expanded)
		case "hidden_hands":
			result, err = r.hiddenHands(expanded)
		default:
			err = fail("unknown procedure %q", procedure)
		}
		if err != nil {
			return err
		}
		if err := check(expect, "OK", "", "", result, vars); err != nil {
			return err
		}
	}
	if saves, ok := step["save"].(map[string]interface{}); ok {
		for name, path := range saves {
			text, _ := path.(string)
			value := getPath(result, text)
			if value == absent {
				return fail("nothing at %s to save as %s", text, name)
			}
			vars[name] = value
		}
	}
	return nil
}

func (r *runner) runCase(c map[string]interface{}) error {
	run := newRun()
	vars := map[string]interface{}{"run": run}
	steps, _ := c["steps"].([]interface{})
	for number, item := range steps {
		step, _ := item.(map[string]interface{})
		what, _ := step["call"].(string)
		if what == "" {
			what, _ = step["do"].(string)
		}
		if err := r.step(step, vars, run); err != nil {
			return fmt.Errorf("step %d (%s): %v", number+1, what, err)
		}
	}
	return nil
}

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: fiveup-go-conformance CASES HOST:PORT [CASE_NAME...]")
		os.Exit(2)
	}
	text, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "fiveup-go-conformance:", err)
		os.Exit(2)
	}
	var suite map[string]interface{}
	if err := json.Unmarshal(text, &suite); err != nil {
		fmt.Fprintf(os.Stderr, "fiveup-go-conformance: %s: %v\n", os.Args[1], err)
		os.Exit(2)
	}
	if version, _ := number(suite["format"]); version != format {
		fmt.Fprintf(os.Stderr, "fiveup-go-conformance: %s: format %v, this runner reads %d\n", os.Args[1], suite["format"], format)
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	client, err := fiveup.Dial(ctx, os.Args[2])
	cancel()
	if err != nil {
		fmt.Fprintln(os.Stderr, "fiveup-go-conformance:", err)
		os.Exit(2)
	}
	defer client.Close()
	only := map[string]bool{}
	for _, name := range os.Args[3:] {
		only[name] = true
	}
	r := &runner{client: client}
	passed, failedCount := 0, 0
	cases, _ := suite["cases"].([]interface{})
	for _, item := range cases {
		c, _ := item.(map[string]interface{})
		name, _ := c["name"].(string)
		if len(only) > 0 && !only[name] {
			continue
		}
		started := time.Now()
		if err := r.runCase(c); err != nil {
			failedCount++
			fmt.Printf("FAIL %s: %v\n", name, err)
		} else {
			passed++
			fmt.Printf("PASS %s (%.2fs)\n", name, time.Since(started).Seconds())
		}
	}
	fmt.Printf("%d passed, %d failed\n", passed, failedCount)
	if failedCount > 0 || passed == 0 {
		os.Exit(1)
	}
}
