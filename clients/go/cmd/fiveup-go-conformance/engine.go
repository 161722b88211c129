package main

// The interpreter of clients/conformance/cases.json (its README says what each step
// means), over grpc-go: requests are the cases' proto3 JSON parsed by protojson into the
// generated request types, answers are protojson-rendered and read as JSON values.

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
)

const format = 1

var (
	wholeVariable = regexp.MustCompile(`^\$\{(\w+)\}$`)
	variable      = regexp.MustCompile(`\$\{(\w+)\}`)
	pathPart      = regexp.MustCompile(`([A-Za-z_]\w*)|\[(\d+)\]`)
	integer       = regexp.MustCompile(`^-?\d+$`)
)

// failed is a case's failure (the runner reports it and goes on with the next case).
type failed struct{ why string }

func (f failed) Error() string { return f.why }

func fail(format string, args ...interface{}) error { return failed{fmt.Sprintf(format, args...)} }

// absent marks a path that leads nowhere.
type absentValue struct{}

var absent = absentValue{}

// substitute replaces ${name} in a JSON value: a string that is exactly "${name}" by the
// saved value with its type, ${name} inside a longer string by its text.
func substitute(value interface{}, vars map[string]interface{}) (interface{}, error) {
	switch v := value.(type) {
	case string:
		if whole := wholeVariable.FindStringSubmatch(v); whole != nil {
			saved, ok := vars[whole[1]]
			if !ok {
				return nil, fail("variable ${%s} was never saved", whole[1])
			}
			return deepCopy(saved), nil
		}
		var missing error
		out := variable.ReplaceAllStringFunc(v, func(m string) string {
			name := variable.FindStringSubmatch(m)[1]
			saved, ok := vars[name]
			if !ok {
				missing = fail("variable ${%s} was never saved", name)
				return ""
			}
			if text, ok := saved.(string); ok {
				return text
			}
			raw, _ := json.Marshal(saved)
			return string(raw)
		})
		return out, missing
	case []interface{}:
		out := make([]interface{}, len(v))
		for i, item := range v {
			s, err := substitute(item, vars)
			if err != nil {
				return nil, err
			}
			out[i] = s
		}
		return out, nil
	case map[string]interface{}:
		out := make(map[string]interface{}, len(v))
		for key, item := range v {
			s, err := substitute(item, vars)
			if err != nil {
				return nil, err
			}
			out[key] = s
		}
		return out, nil
	}
	return value, nil
}

func deepCopy(value interface{}) interface{} {
	raw, _ := json.Marshal(value)
	var out interface{}
	_ = json.Unmarshal(raw, &out)
	return out
}

// getPath reads a path (`view.seats[1].joined`, `events.length`, `$`) from an answer.
func getPath(answer interface{}, path string) interface{} {
	if path == "$" {
		return answer
	}
	value := answer
	parts := strings.Split(path, ".")
	for i, part := range parts {
		if part == "length" && i == len(parts)-1 {
			switch list := value.(type) {
			case []interface{}:
				return float64(len(list))
			case absentValue:
				return float64(0) // an absent list is an empty one
			}
			return absent
		}
		for _, m := range pathPart.FindAllStringSubmatch(part, -1) {
			if value == absent {
				return absent
			}
			if m[1] != "" {
				object, ok := value.(map[string]interface{})
				if !ok {
					return absent
				}
				if value, ok = object[m[1]]; !ok {
					return absent
				}
			} else {
				index, _ := strconv.Atoi(m[2])
				list, _ := value.([]interface{})
				if index >= len(list) {
					return absent
				}
				value = list[index]
			}
		}
	}
	return value
}

func isDefault(value interface{}) bool {
	switch v := value.(type) {
	case absentValue, nil:
		return true
	case float64:
		return v == 0
	case bool:
		return !v
	case string:
		return v == "" || v == "0" || strings.HasSuffix(v, "_UNSPECIFIED")
	case []interface{}:
		return len(v) == 0
	case map[string]interface{}:
		return len(v) == 0
	}
	return false
}

// normalise makes numbers numbers: proto3 JSON writes int64 as a string.
func normalise(value interface{}) interface{} {
	switch v := value.(type) {
	case string:
		if integer.MatchString(v) {
			n, _ := strconv.ParseFloat(v, 64)
			return n
		}
	case []interface{}:
		out := make([]interface{}, len(v))
		for i, item := range v {
			out[i] = normalise(item)
		}
		return out
	case map[string]interface{}:
		out := make(map[string]interface{}, len(v))
		for key, item := range v {
			out[key] = normalise(item)
		}
		return out
	}
	return value
}

func same(actual, expected interface{}) bool {
	if actual == absent {
		return isDefault(expected)
	}
	return reflect.DeepEqual(normalise(actual), normalise(expected))
}

func shown(value interface{}) string {
	if value == absent {
		return "absent"
	}
	raw, _ := json.Marshal(value)
	return string(raw)
}

// check holds an answer (or a failed call's code and reason) to a step's expect.
func check(expect map[string]interface{}, code, reason, message string, answer interface{},
	vars map[string]interface{}) error {
	wanted, _ := expect["code"].(string)
	if wanted == "" {
		wanted = "OK"
	}
	if code != wanted {
		if code != "OK" {
			return fail("code %s (%s: %s), expected %s", code, reason, message, wanted)
		}
		return fail("code %s, expected %s", code, wanted)
	}
	if code != "OK" {
		if want, ok := expect["reason"].(string); ok && reason != want {
			if reason == "" {
				reason = "(none)"
			}
			return fail("reason %s, expected %s", reason, want)
		}
		if reason == "" {
			return fail("%s carries no ErrorInfo reason", code)
		}
		return nil
	}
	if fields, ok := expect["fields"].(map[string]interface{}); ok {
		for path, value := range fields {
			if actual := getPath(answer, path); !same(actual, value) {
				return fail("%s is %s, expected %s", path, shown(actual), shown(value))
			}
		}
	}
	if present, ok := expect["present"].([]interface{}); ok {
		for _, item := range present {
			path, _ := item.(string)
			actual := getPath(answer, path)
			switch v := actual.(type) {
			case absentValue, nil:
				return fail("%s is not set", path)
			case string:
				if v == "" {
					return fail("%s is not set", path)
				}
			case []interface{}:
				if len(v) == 0 {
					return fail("%s is not set", path)
				}
			case map[string]interface{}:
				if len(v) == 0 {
					return fail("%s is not set", path)
				}
			}
		}
	}
	if name, ok := expect["same_as"].(string); ok {
		first, saved := vars[name]
		if !saved {
			return fail("variable ${%s} was never saved", name)
		}
		if !reflect.DeepEqual(normalise(first), normalise(answer)) {
			return fail("answer differs from %s: %s != %s", name, shown(answer), shown(first))
		}
	}
	return nil
}

func newRun() string {
	raw := make([]byte, 6)
	_, _ = rand.Read(raw)
	return hex.EncodeToString(raw)
}
