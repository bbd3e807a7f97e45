package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"

	zapscript "github.com/ZaparooProject/go-zapscript"
	"github.com/ZaparooProject/zaparoo-core/v2/pkg/config"
	"github.com/ZaparooProject/zaparoo-core/v2/pkg/database/filters"
	"github.com/ZaparooProject/zaparoo-core/v2/pkg/database/systemdefs"
	"github.com/ZaparooProject/zaparoo-core/v2/pkg/zapscript/titles"
)

type libraryEntry struct {
	System string `json:"system"`
	Path   string `json:"path"`
}

// loadLibrary indexes the listed files, one scan per system, systems in order of first appearance.
func loadLibrary(file string) (*memLibrary, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var order []string
	paths := map[string][]string{}
	in := bufio.NewScanner(f)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	for in.Scan() {
		if len(in.Bytes()) == 0 {
			continue
		}
		var e libraryEntry
		if err := json.Unmarshal(in.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("library: %w", err)
		}
		if _, seen := paths[e.System]; !seen {
			order = append(order, e.System)
		}
		paths[e.System] = append(paths[e.System], e.Path)
	}
	if err := in.Err(); err != nil {
		return nil, err
	}
	lib := newMemLibrary()
	for _, id := range order {
		sys, err := systemdefs.GetSystem(id)
		if err != nil {
			return nil, fmt.Errorf("library: %w", err)
		}
		lib.indexSystem(sys, paths[id])
	}
	return lib, nil
}

type resolveInput struct {
	System string            `json:"system"`
	Title  string            `json:"title"`
	Tags   []json.RawMessage `json:"tags"`
}

type tagFilterJSON struct {
	Type     string `json:"type"`
	Value    string `json:"value"`
	Operator string `json:"operator"`
}

type resolveAnswer struct {
	Path       string  `json:"path"`
	Strategy   string  `json:"strategy"`
	Confidence float64 `json:"confidence"`
}

// queryTags accepts filters as objects {type, value, operator} or as strings in the advanced-argument
// syntax ("region:us", "-lang:ja", "~genre:rpg"), parsed by the reference's own filter parser.
func queryTags(raw []json.RawMessage) ([]zapscript.TagFilter, error) {
	var out []zapscript.TagFilter
	var strs []string
	for _, r := range raw {
		var s string
		if json.Unmarshal(r, &s) == nil {
			strs = append(strs, s)
			continue
		}
		var f tagFilterJSON
		if err := json.Unmarshal(r, &f); err != nil {
			return nil, err
		}
		op := zapscript.TagOperator(f.Operator)
		if op == "" {
			op = zapscript.TagOperatorAND
		}
		out = append(out, zapscript.TagFilter{Type: f.Type, Value: f.Value, Operator: op})
	}
	if len(strs) > 0 {
		parsed, err := filters.ParseTagFilters(strs)
		if err != nil {
			return nil, err
		}
		out = append(out, parsed...)
	}
	return out, nil
}

func runResolve(args []string) error {
	fs := flag.NewFlagSet("resolve", flag.ContinueOnError)
	libFile := fs.String("library", "", "JSON lines {system, path}")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *libFile == "" {
		return errors.New("resolve: --library FILE is required")
	}
	lib, err := loadLibrary(*libFile)
	if err != nil {
		return err
	}
	db := &memMediaDB{lib: lib}
	cfg := &config.Instance{}
	return eachLine(func(line []byte) interface{} {
		var in resolveInput
		if bad := decode(line, &in); bad != nil {
			return bad
		}
		extra, err := queryTags(in.Tags)
		if err != nil {
			return errorAnswer{Error: "invalid advanced arguments: " + err.Error()}
		}
		sys, err := systemdefs.LookupSystem(in.System)
		if err != nil {
			return errorAnswer{Error: fmt.Sprintf("failed to lookup system '%s': %v", in.System, err)}
		}
		res, err := titles.ResolveTitle(context.Background(), &titles.ResolveParams{
			SystemID:       sys.ID,
			GameName:       in.Title,
			AdditionalTags: extra,
			MediaDB:        db,
			Cfg:            cfg,
			MediaType:      sys.GetMediaType(),
		})
		if err != nil {
			return errorAnswer{Error: fmt.Sprintf("error resolving title %s/%s: %v", sys.ID, in.Title, err)}
		}
		return resolveAnswer{Path: res.Result.Path, Strategy: res.Strategy, Confidence: res.Confidence}
	})
}
