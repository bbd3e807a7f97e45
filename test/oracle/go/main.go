// Command oracle answers, for any input, what the reference implementation (zaparoo-core and
// go-zapscript, built from their own sources) does. Each subcommand reads JSON lines on stdin and writes
// one JSON line per input, in the same order. See test/oracle/README.md.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

type handler func(line []byte) interface{}

var commands = map[string]func(args []string) error{
	"slugify":      func([]string) error { return eachLine(slugifyLine) },
	"system":       func([]string) error { return eachLine(systemLine) },
	"systems-dump": func([]string) error { return systemsDump() },
	"tags":         func([]string) error { return eachLine(tagsLine) },
	"parse":        func([]string) error { return eachLine(parseLine) },
	"resolve":      runResolve,
	"literals":     literals,
}

func main() {
	if len(os.Args) < 2 || commands[os.Args[1]] == nil {
		fmt.Fprintln(os.Stderr, "usage: oracle slugify|system|systems-dump|tags|parse|resolve --library FILE|literals FILES...")
		os.Exit(2)
	}
	if err := commands[os.Args[1]](os.Args[2:]); err != nil {
		fmt.Fprintln(os.Stderr, "oracle:", err)
		os.Exit(1)
	}
}

type errorAnswer struct {
	Error string `json:"error"`
}

// eachLine answers every stdin line; a line that is not valid JSON gets an error answer so that output
// lines stay aligned with input lines.
func eachLine(h handler) error {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for in.Scan() {
		answer := safeAnswer(h, in.Bytes())
		if err := enc.Encode(answer); err != nil {
			return err
		}
	}
	return in.Err()
}

func safeAnswer(h handler, line []byte) (answer interface{}) {
	defer func() {
		if r := recover(); r != nil {
			answer = map[string]string{"panic": fmt.Sprint(r)}
		}
	}()
	return h(line)
}

func decode(line []byte, v interface{}) *errorAnswer {
	if err := json.Unmarshal(line, v); err != nil {
		return &errorAnswer{Error: "oracle: bad input: " + err.Error()}
	}
	return nil
}

func writeJSON(v interface{}) error { return writeJSONTo(os.Stdout, v) }

func writeJSONTo(w io.Writer, v interface{}) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
